#include "network.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using namespace ridgepoint;

namespace {

FatTreeInput fatTree(double radix, double layers, double planes, double endpoints) {
  FatTreeInput in = defaultInput<FatTree>();
  in.radix = radix;
  in.layers = layers;
  in.planes = planes;
  in.endpoints = endpoints;
  return in;
}

}  // namespace

TEST_CASE("more endpoints never need fewer switches, links or optics") {
  for (double radix : {8.0, 40.0, 64.0}) {
    for (double layers : {1.0, 2.0, 3.0}) {
      for (double oversubscription : {1.0, 2.0, 3.0}) {
        FatTreeInput in = fatTree(radix, layers, 1, 1);
        in.oversubscription = oversubscription;
        const double full = run<FatTree>(fatTree(radix, layers, 1, 0)).value.full_size;
        FatTreeResult previous{};
        const double step = std::max(1.0, std::floor(full / 2000));
        for (double endpoints = 1; endpoints <= full; endpoints += step) {
          in.endpoints = endpoints;
          const auto outcome = run<FatTree>(in);
          REQUIRE(outcome.ok());
          const FatTreeResult& result = outcome.value;
          CAPTURE(radix);
          CAPTURE(layers);
          CAPTURE(endpoints);
          CHECK(result.switches >= previous.switches);
          CHECK(result.links >= previous.links);
          CHECK(result.optics >= previous.optics);
          CHECK(result.leaf_switches * result.downlinks_per_leaf >= endpoints);
          previous = result;
        }
      }
    }
  }
}

TEST_CASE("every tier has the ports its links need") {
  for (double radix : {4.0, 40.0, 64.0, 128.0}) {
    for (double layers : {1.0, 2.0, 3.0}) {
      for (double endpoints : {1.0, 37.0, 500.0, 1600.0, 2048.0}) {
        const auto outcome = run<FatTree>(fatTree(radix, layers, 1, endpoints));
        if (!outcome.ok()) continue;  // larger than the design
        const FatTreeResult& tree = outcome.value;
        const double leaf_uplinks = tree.leaf_switches * tree.uplinks_per_leaf;
        if (layers == 1) {
          CHECK(tree.switches == 1);
          CHECK(leaf_uplinks == 0);
        } else if (layers == 2) {
          CHECK(tree.spine_switches * radix >= leaf_uplinks);
        } else {
          CHECK(tree.spine_switches * radix / 2 >= leaf_uplinks);
          CHECK(tree.core_switches * radix >= leaf_uplinks);
        }
        CHECK(tree.links == (layers - 1) * leaf_uplinks);
      }
    }
  }
}

TEST_CASE(
    "the full size is radix squared over two for two layers and radix cubed over four for three") {
  for (double radix = 4; radix <= 256; radix += 2) {
    CHECK(run<FatTree>(fatTree(radix, 2, 1, 0)).value.endpoints == radix * radix / 2);
    const FatTreeResult three = run<FatTree>(fatTree(radix, 3, 1, 0)).value;
    CHECK(three.endpoints == radix * radix * radix / 4);
    CHECK(three.switches == 5 * radix * radix / 4);
  }
}

TEST_CASE("cost per endpoint of a full multi-plane fat-tree equals the single plane's") {
  FatTreeInput in = fatTree(64, 2, 1, 0);
  in.cable_price = 37;
  in.nic_price = 800;
  in.endpoint_cabling = 1;
  for (double layers : {1.0, 2.0, 3.0}) {
    in.layers = layers;
    in.planes = 1;
    const FatTreeResult single = run<FatTree>(in).value;
    for (double planes : {2.0, 4.0, 8.0, 16.0}) {
      in.planes = planes;
      const FatTreeResult multi = run<FatTree>(in).value;
      CHECK(multi.endpoints == planes * single.endpoints);
      CHECK(multi.switches == planes * single.switches);
      CHECK(multi.cost_per_endpoint == doctest::Approx(single.cost_per_endpoint).epsilon(1e-12));
    }
  }
}

TEST_CASE("oversubscription never needs more switches and never raises bisection bandwidth") {
  FatTreeInput in = fatTree(64, 3, 1, 20000);
  in.oversubscription = 1;
  const FatTreeResult blocking_free = run<FatTree>(in).value;
  for (double ratio : {1.5, 2.0, 3.0, 7.0}) {
    in.oversubscription = ratio;
    const FatTreeResult tree = run<FatTree>(in).value;
    CHECK(tree.switches <= blocking_free.switches);
    CHECK(tree.bisection_bandwidth <= blocking_free.bisection_bandwidth);
    CHECK(tree.leaf_oversubscription <= ratio);
  }
}

TEST_CASE(
    "the two-price fit reproduces ISCA'25 Table 3's printed costs from its published counts") {
  // deepseek-papers.md §1.7: $83,008 per switch and $504 per switch-to-switch link.
  for (const PublishedNetwork& network : publishedNetworks()) {
    CAPTURE(network.id);
    const double fitted = network.switches * 83008 + network.links * 504;
    // FT2, MPFT and FT3 agree to the printed precision; SF and DF within 2 % (cables by length).
    const double tolerance = network.id == "sf" || network.id == "df" ? 0.02 : 0.005;
    CHECK(std::abs(fitted - network.cost) <= tolerance * network.cost);
  }
}

TEST_CASE("the published Table 3 columns rebuild with their calculators") {
  for (const PublishedNetwork& network : publishedNetworks()) {
    CAPTURE(network.id);
    double endpoints = 0, switches = 0, links = 0;
    if (network.calculator == "fatTree") {
      const auto outcome = run<FatTree>(
          fatTree(*network.input.radix, *network.input.layers, *network.input.planes, 0));
      REQUIRE(outcome.ok());
      endpoints = outcome.value.endpoints;
      switches = outcome.value.switches;
      links = outcome.value.links;
    } else if (network.calculator == "slimFly") {
      SlimFlyInput in = defaultInput<SlimFly>();
      in.q = *network.input.q;
      const auto outcome = run<SlimFly>(in);
      REQUIRE(outcome.ok());
      endpoints = outcome.value.endpoints;
      switches = outcome.value.switches;
      links = outcome.value.links;
    } else {
      REQUIRE(network.calculator == "dragonfly");
      DragonflyInput in = defaultInput<Dragonfly>();
      in.a = *network.input.a;
      in.h = *network.input.h;
      in.p = *network.input.p;
      in.g = *network.input.g;
      const auto outcome = run<Dragonfly>(in);
      REQUIRE(outcome.ok());
      endpoints = outcome.value.endpoints;
      switches = outcome.value.switches;
      links = outcome.value.links;
    }
    CHECK(endpoints == network.endpoints);
    CHECK(switches == network.switches);
    CHECK(links == network.links);
    CHECK_FALSE(network.source.empty());
  }
}

TEST_CASE("the solver's choice is never dearer than any fitting fat-tree of the same switch") {
  CheapestFatTreeInput in = defaultInput<CheapestFatTree>();
  for (double gpus : {8.0, 1000.0, 2048.0, 16384.0, 50000.0, 100000.0, 500000.0}) {
    for (double nics : {1.0, 4.0, 8.0}) {
      in.gpus = gpus;
      in.nics_per_node = nics;
      const auto outcome = run<CheapestFatTree>(in);
      CAPTURE(gpus);
      CAPTURE(nics);
      if (!outcome.ok()) {
        CHECK(outcome.errors.front().field == "gpus");
        continue;
      }
      const CheapestFatTreeResult& result = outcome.value;
      CHECK(result.best.fits);
      for (double planes = 1; planes <= nics; ++planes) {
        if (std::fmod(nics, planes) != 0) continue;
        for (double layers : {1.0, 2.0, 3.0}) {
          const auto tree = run<FatTree>(fatTree(64, layers, planes, result.endpoints));
          if (tree.ok()) CHECK(result.best.cost <= tree.value.cost);
        }
      }
    }
  }
}

TEST_CASE("a custom switch in the solver uses its radix, and an odd one is rejected") {
  CheapestFatTreeInput in = defaultInput<CheapestFatTree>();
  in.gpus = 16384;
  in.switch_model = 0;  // custom
  in.radix = 128;
  const auto outcome = run<CheapestFatTree>(in);
  REQUIRE(outcome.ok());
  CHECK(outcome.value.radix == 128);
  CHECK(outcome.value.best.layers == 2);
  in.radix = 127;
  const auto odd = run<CheapestFatTree>(in);
  REQUIRE_FALSE(odd.ok());
  CHECK(odd.errors.front().field == "radix");
}

TEST_CASE("switch choices are 'custom' and every preset id, and presets carry sources") {
  REQUIRE(kSwitchModelChoices.size() == switches().size() + 1);
  CHECK(kSwitchModelChoices[0] == "custom");
  for (std::size_t i = 0; i < switches().size(); ++i) {
    CAPTURE(switches()[i].id);
    CHECK(kSwitchModelChoices[i + 1] == switches()[i].id);
    CHECK(std::fmod(switches()[i].radix, 2) == 0);
    CHECK_FALSE(switches()[i].source.empty());
  }
}

TEST_CASE(
    "Slim Fly δ follows q mod 4 and the warning appears exactly when q is not a prime power") {
  SlimFlyInput in = defaultInput<SlimFly>();
  for (double q : {3.0, 4.0, 5.0, 7.0, 8.0, 9.0, 11.0, 12.0, 13.0, 16.0, 20.0, 21.0, 27.0, 28.0,
                   49.0, 121.0, 125.0}) {
    in.q = q;
    const SlimFlyResult result = run<SlimFly>(in).value;
    CAPTURE(q);
    CHECK(std::fmod(q - result.delta, 4) == 0);
    CHECK(result.links == in.q * in.q * result.network_radix);
    const bool prime_power = q != 12 && q != 20 && q != 21 && q != 28;
    CHECK(result.prime_power == prime_power);
    CHECK(result.warning.empty() == prime_power);
  }
}

TEST_CASE("a Dragonfly may use every group up to a · h + 1 and no more") {
  DragonflyInput in = defaultInput<Dragonfly>();
  in.g = in.a * in.h + 1;
  CHECK(run<Dragonfly>(in).ok());
  in.g += 1;
  const auto outcome = run<Dragonfly>(in);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.errors.front().field == "g");
  CHECK(outcome.errors.front().message == "g must be at most a · h + 1 = 513 (got 514)");
}

TEST_CASE(
    "a Dragonfly of one group has no global links, and one hop less where a level is missing") {
  DragonflyInput in = defaultInput<Dragonfly>();
  in.a = 4;
  in.h = 2;
  in.p = 2;
  in.g = 1;
  auto one_group = run<Dragonfly>(in).value;
  CHECK(one_group.global_links == 0);
  CHECK(one_group.local_links == 6);  // 4 switches all-to-all
  CHECK(one_group.links == 6);
  CHECK(one_group.switch_radix == 5);  // 2 endpoints, 3 local, no global port in use
  CHECK(one_group.diameter == 1);
  in.g = 2;
  const auto two_groups = run<Dragonfly>(in).value;
  CHECK(two_groups.global_links == 8);  // ⌊2 · 4 · 2 / 2⌋
  CHECK(two_groups.diameter == 3);
  in.a = 1;  // one switch per group, linked to each of the h + 1 groups' others directly
  in.g = 3;
  CHECK(run<Dragonfly>(in).value.diameter == 1);
  in.g = 1;
  CHECK(run<Dragonfly>(in).value.diameter == 0);
}

TEST_CASE("every bad-input class is rejected with the field named and never a NaN") {
  FatTreeInput in = fatTree(64, 2, 1, 0);
  std::string field;
  SUBCASE("odd radix") {
    in.radix = 63;
    field = "radix";
  }
  SUBCASE("too small a radix") {
    in.radix = 2;
    field = "radix";
  }
  SUBCASE("NaN radix") {
    in.radix = std::numeric_limits<double>::quiet_NaN();
    field = "radix";
  }
  SUBCASE("four layers") {
    in.layers = 4;
    field = "layers";
  }
  SUBCASE("no layers") {
    in.layers = 0;
    field = "layers";
  }
  SUBCASE("too many endpoints for the planes") {
    in.planes = 2;
    in.endpoints = 4097;
    field = "endpoints";
  }
  SUBCASE("fewer endpoints than planes") {
    in.planes = 8;
    in.endpoints = 7;
    field = "endpoints";
  }
  SUBCASE("a negative price") {
    in.optic_price = -5;
    field = "opticPrice";
  }
  SUBCASE("an infinite price") {
    in.nic_price = std::numeric_limits<double>::infinity();
    field = "nicPrice";
  }
  SUBCASE("oversubscription below 1") {
    in.oversubscription = 0.5;
    field = "oversubscription";
  }
  const auto outcome = run<FatTree>(in);
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.errors.front().field == field);
  CHECK(outcome.errors.front().message.rfind(field, 0) == 0);
}

TEST_CASE("the endpoint limit message names the largest build and the design") {
  const auto outcome = run<FatTree>(fatTree(64, 2, 8, 20000));
  REQUIRE_FALSE(outcome.ok());
  CHECK(outcome.errors.front().message ==
        "endpoints must be at most 16384 for radix 64, 2 layers and 8 planes (0 = the full size; "
        "got 20000)");
}

TEST_CASE("the largest inputs stay finite") {
  FatTreeInput in = fatTree(1024, 3, 64, 0);
  in.switch_price = 1e9;
  in.optic_price = 1e9;
  const auto outcome = run<FatTree>(in);
  REQUIRE(outcome.ok());
  CHECK(std::isfinite(outcome.value.cost));
  DragonflyInput dragonfly = defaultInput<Dragonfly>();
  dragonfly.a = dragonfly.h = dragonfly.p = 1024;
  dragonfly.g = 1048577;
  CHECK(run<Dragonfly>(dragonfly).ok());
}

TEST_CASE("an uplink count that is whole up to rounding does not gain a port") {
  // 42 / (1 + 1.8) is 15.000000000000002 in binary floating point.
  FatTreeInput in = fatTree(42, 2, 1, 0);
  in.oversubscription = 1.8;
  const FatTreeResult tree = run<FatTree>(in).value;
  CHECK(tree.uplinks_per_leaf == 15);
  CHECK(tree.downlinks_per_leaf == 27);
  CHECK(tree.leaf_oversubscription == doctest::Approx(1.8));
}
