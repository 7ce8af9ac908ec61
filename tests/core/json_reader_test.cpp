// The core's JSON reader on text no JS caller would send but a native caller or the fuzzer can:
// malformed UTF-8, lone surrogates, duplicate and empty keys, many unknown keys.
#include <doctest/doctest.h>

#include <string>

#include "api.hpp"
#include "json.hpp"

using namespace ridgepoint;

TEST_CASE("text that is not valid UTF-8 is refused, so every answer is valid UTF-8") {
  for (const std::string text :
       {"{\"\xff\":1}", "{\"m\":\"\xc0\xaf\"}", "{\"\xed\xa0\x80\":1}", "{\"\xe2\x82\":1}",
        "{\"\xf4\x90\x80\x80\":1}", R"({"\ud800":1})", R"({"\udc00x":1})"}) {
    const JsonParse parsed = parseJson(text);
    CHECK_FALSE(parsed.ok());
  }
  const JsonParse good = parseJson("{\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\":\"\\ud83d\\ude00\"}");
  REQUIRE(good.ok());
  CHECK(good.value.keys[0] == "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
  CHECK(good.value.items[0].text == "\xf0\x9f\x98\x80");
}

TEST_CASE("a key that appears twice is found among thousands and named with its path") {
  std::string text = R"({"outer":{)";
  for (int i = 0; i < 5000; ++i) text += "\"k" + std::to_string(i) + "\":0,";
  text += R"("k1234":1}})";
  const JsonParse parsed = parseJson(text);
  CHECK(parsed.error == "the key 'k1234' appears twice");
  CHECK(parsed.error_path == "outer.k1234");
  const JsonParse nested = parseJson(R"({"a":[0,{"b":[1,2,x]}]})");
  CHECK(nested.error_path == "a[1].b[2]");
}

TEST_CASE("unknown keys: an empty key blames the input and thousands make a short list") {
  CHECK(evaluateJson("gemm", R"({"":1})").find(R"("field":"input")") != std::string::npos);
  std::string text = "{";
  for (int i = 0; i < 5000; ++i) text += (i ? ",\"x" : "\"x") + std::to_string(i) + "\":1";
  text += "}";
  const std::string answer = evaluateJson("gemm", text);
  CHECK(answer.size() < 4000);
  CHECK(answer.find("and 4995 more keys that gemm has no input for") != std::string::npos);
  const std::string long_key = "{\"" + std::string(39, 'k') + "\xc3\xa9" + "\":1}";
  CHECK(evaluateJson("gemm", long_key).find("'" + std::string(39, 'k') + "…'") !=
        std::string::npos);
}
