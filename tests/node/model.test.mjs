import assert from 'node:assert/strict';
import { test } from 'node:test';

import { goldenFiles, rp, RidgepointError } from './api.mjs';

const preset = (id) => {
  const model = rp.models().find((candidate) => candidate.id === id);
  assert.ok(model, `preset ${id}`);
  return model;
};

// A config as Hugging Face publishes it: the keys ridgepoint reads among many it does not.
const llama8bConfig = {
  architectures: ['LlamaForCausalLM'],
  attention_bias: false,
  bos_token_id: 128000,
  hidden_act: 'silu',
  hidden_size: 4096,
  intermediate_size: 14336,
  max_position_embeddings: 131072,
  model_type: 'llama',
  num_attention_heads: 32,
  num_hidden_layers: 32,
  num_key_value_heads: 8,
  rope_scaling: { factor: 8.0, rope_type: 'llama3' },
  rope_theta: 500000.0,
  tie_word_embeddings: false,
  torch_dtype: 'bfloat16',
  vocab_size: 128256,
};

test('modelStats takes a parsed config.json, lists the keys it did not use and the defaults it assumed', () => {
  const stats = rp.modelStats({ config: llama8bConfig, kvBytes: 2, seqLen: 4096, causal: true });
  assert.equal(stats.attention, 'gqa');
  assert.equal(stats.family, 'llama');
  assert.equal(stats.totalParams, 8030261248);
  assert.equal(stats.kvBytesPerToken, 131072);
  assert.equal(stats.activeParams, stats.totalParams);
  assert.deepEqual(
    stats.assumed.map((item) => item.key),
    ['head_dim'],
  );
  assert.match(stats.assumed[0].rule, /hidden_size \/ num_attention_heads = 128/);
  assert.deepEqual(stats.ignoredKeys, [
    'architectures',
    'bos_token_id',
    'max_position_embeddings',
    'rope_scaling',
    'rope_theta',
    'torch_dtype',
  ]);
  assert.deepEqual(stats.layers, [
    { first: 0, count: 32, attention: 'gqa', window: 0, chunked: false, compressRatio: 0, ffn: 'dense' },
  ]);
});

test('a flat config without `config` is rejected as unknown inputs, naming the first key', () => {
  assert.throws(
    () => rp.modelStats({ hidden_size: 4096 }),
    (error) =>
      error instanceof RidgepointError &&
      error.field === 'hidden_size' &&
      /its inputs are config, kvBytes/.test(error.message),
  );
});

test('the DeepSeek-V3 preset gives 671.0B parameters, 70,272 KV bytes and 250.45 GFLOP per token', () => {
  const v3 = preset('deepseek-v3');
  const stats = rp.modelStats({ config: v3.config, kvBytes: 2, seqLen: 4096, causal: true });
  assert.equal(stats.attention, 'mla');
  assert.ok(Math.abs(stats.totalParams - 671025397760) <= 671025397760 * 1e-3);
  assert.equal(stats.kvBytesPerToken, v3.printedKvBytesPerToken);
  assert.ok(Math.abs(stats.trainingFlopsPerToken - 250.45e9) <= 0.5e9);
  assert.ok(Math.abs(stats.activeParams - 37e9) < 0.6e9);
});

test('ISCA Table 1 ratios come out 4.66 and 7.34; the printed 7.28 is flagged in the preset note', () => {
  const v3 = rp.modelStats({ config: preset('deepseek-v3').config }).kvBytesPerToken;
  const ratio = (id) => rp.kvCache({ config: preset(id).config, referenceKvBytesPerToken: v3 }).ratioToReference;
  assert.equal(ratio('qwen2.5-72b').toFixed(2), '4.66');
  assert.equal(ratio('llama-3.1-405b').toFixed(2), '7.34');
  const llama = preset('llama-3.1-405b');
  assert.equal(llama.printedKvMultiplier, 7.28);
  assert.match(llama.note, /7\.34/);
});

test("Mixtral's num_local_experts is read as the expert count, with the expert width assumed", () => {
  const mixtral = preset('mixtral-8x7b');
  assert.equal(mixtral.config.num_local_experts, 8);
  const stats = rp.modelStats({ config: mixtral.config });
  assert.equal(stats.moeLayers, 32);
  assert.equal(stats.totalParams, 46702792704);
  assert.ok(stats.assumed.some((item) => item.key === 'moe_intermediate_size'));
});

test('Gemma-2 keeps 4,096 tokens in its even layers and everything in its odd ones', () => {
  const stats = rp.modelStats({ config: preset('gemma-2-9b').config, seqLen: 32768 });
  assert.equal(stats.kvBytesPerSequence, 8192 * (21 * 32768 + 21 * 4096));
  assert.equal(stats.layers.length, 42);
  assert.deepEqual(
    stats.layers.slice(0, 2).map((run) => run.window),
    [4096, 0],
  );
  const kv = rp.kvCache({ config: preset('gemma-2-9b').config, contextLength: 32768 });
  assert.equal(kv.kvBytesPerSequence, stats.kvBytesPerSequence);
});

test('GPT-NeoX-20B counts a plain GELU FFN: 20.55B parameters, not the 27.2B of a gated one', () => {
  const stats = rp.modelStats({ config: preset('gpt-neox-20b').config });
  assert.equal(stats.totalParams, 20554567680);
  const falcon = rp.modelStats({ config: preset('falcon-7b').config });
  assert.equal(falcon.attention, 'mqa');
  assert.equal(falcon.kvBytesPerToken, 8192);
  assert.ok(
    falcon.assumed.some((item) => item.key === 'intermediate_size' && /4 · hidden_size = 18176/.test(item.rule)),
  );
});

test('a multimodal config is read from its text_config', () => {
  const wrapped = {
    model_type: 'kimi_k25',
    vision_config: { vt_hidden_size: 1152 },
    text_config: preset('kimi-k2').config,
  };
  const stats = rp.modelStats({ config: wrapped });
  assert.equal(stats.totalParams, rp.modelStats({ config: preset('kimi-k2').config }).totalParams);
  assert.ok(stats.ignoredKeys.includes('vision_config'));
  assert.ok(stats.ignoredKeys.includes('text_config.rope_scaling'));
});

test('models() lists the presets, each its published config.json with its source', () => {
  const ids = rp.models().map((model) => model.id);
  assert.deepEqual(ids, [
    'deepseek-v3',
    'deepseek-v4-flash',
    'deepseek-v2',
    'qwen2.5-72b',
    'llama-3.1-405b',
    'llama-3.1-70b',
    'llama-3.1-8b',
    'mixtral-8x7b',
    'qwen3-30b-a3b',
    'qwen3-235b-a22b',
    'gemma-2-9b',
    'gemma-3-1b-it',
    'gpt-oss-20b',
    'gpt-oss-120b',
    'kimi-k2',
    'gpt-neox-20b',
    'falcon-7b',
    'gpt2',
  ]);
  for (const model of rp.models()) {
    assert.match(model.source, /huggingface\.co\/.+\/config\.json/);
    assert.equal(typeof model.config.model_type, 'string');
    assert.ok(Array.isArray(model.config.architectures), model.id);
    assert.doesNotThrow(() => rp.modelStats({ config: model.config }), model.id);
  }
  const list = rp.models();
  list[0].config.hidden_size = 1;
  assert.equal(rp.models()[0].config.hidden_size, 7168);
});

test('every preset names the copies of its published config.json it was checked against, or why none', () => {
  const cases = goldenFiles()
    .find((file) => file.name === 'model-import.json')
    .data.cases.filter((golden) => 'preset' in golden);
  for (const model of rp.models()) {
    const golden = cases.find((candidate) => candidate.preset === model.id);
    assert.ok(golden, `no golden case for ${model.id}`);
    assert.ok('checkedAgainst' in golden, `${model.id} has no checkedAgainst record`);
    if (golden.checkedAgainst === null) {
      assert.ok(golden.notChecked.length > 40, `${model.id}: an unchecked preset says why`);
      continue;
    }
    assert.ok(golden.checkedAgainst.length > 0, model.id);
    for (const copy of golden.checkedAgainst) {
      assert.match(copy.repository, /^[\w.-]+\/[\w.-]+$/, model.id);
      assert.ok(copy.path.length > 0, model.id);
      assert.match(copy.commit, /^[0-9a-f]{40}$/, model.id);
      assert.ok(copy.result.length > 0, model.id);
    }
  }
});

test('trainingRun and trainingBudget price a run as the contract shows', () => {
  const run = rp.trainingRun({
    flopsPerToken: 6e9,
    tokens: 1e12,
    gpus: 1000,
    peakFlops: 1e15,
    mfu: 0.5,
    pricePerGpuHour: 2,
  });
  assert.ok(Math.abs(run.gpuHours - 10000 / 3) < 1e-6);
  assert.ok(Math.abs(run.cost - 20000 / 3) < 1e-6);
  assert.equal(run.impliedMfu, null);
  const budget = rp.trainingBudget({});
  assert.equal(budget.totalGpuHours, 2788000);
  assert.equal(budget.totalCost, 5576000);
});

test('a config that lacks required keys is rejected naming every one of them', () => {
  assert.throws(
    () => rp.modelStats({ config: { hidden_size: 4096, torch_dtype: 'bfloat16' } }),
    (error) =>
      error instanceof RidgepointError &&
      error.field === 'config.num_hidden_layers' &&
      ['num_hidden_layers', 'num_attention_heads', 'vocab_size'].every((key) =>
        error.errors.some(
          (item) => item.field === `config.${key}` && item.message.startsWith(`config.${key} is required`),
        ),
      ),
  );
});

test('rejected configs name the offending key and never yield NaN', () => {
  const bad = [
    [{ ...llama8bConfig, hidden_size: -4096 }, 'hidden_size'],
    [{ ...llama8bConfig, hidden_size: 0 }, 'hidden_size'],
    [{ ...llama8bConfig, num_hidden_layers: Infinity }, 'num_hidden_layers'],
    [{ ...llama8bConfig, vocab_size: 'lots' }, 'vocab_size'],
    [{ ...llama8bConfig, num_attention_heads: 30, num_key_value_heads: 30 }, 'num_attention_heads'],
    [{ ...llama8bConfig, num_key_value_heads: 5 }, 'num_key_value_heads'],
    [{ ...preset('mixtral-8x7b').config, num_experts_per_tok: 9 }, 'num_experts_per_tok'],
    [{ ...preset('mixtral-8x7b').config, n_routed_experts: 16 }, 'n_routed_experts'],
    [{ ...preset('deepseek-v3').config, v_head_dim: null }, 'v_head_dim'],
    [{ ...llama8bConfig, head_dim: [128] }, 'head_dim'],
    [{ ...llama8bConfig, num_attention_heads: 0 }, 'num_attention_heads'],
    [{ ...preset('falcon-7b').config, multi_query: 'yes' }, 'multi_query'],
    [{ ...preset('gpt-oss-20b').config, layer_types: ['sliding_attention'] }, 'layer_types'],
  ];
  for (const [config, key] of bad) {
    const field = `config.${key}`;
    assert.throws(
      () => rp.modelStats({ config }),
      (error) => error instanceof RidgepointError && error.field === field && error.message.startsWith(field),
      field,
    );
  }
});

test('hostile configs are rejected naming the key: __proto__, ten megabytes, deep nesting', () => {
  const proto = JSON.parse('{"hidden_size": 4096, "__proto__": {"num_hidden_layers": 1}}');
  assert.throws(
    () => rp.modelStats({ config: proto }),
    (error) => error instanceof RidgepointError && error.field === 'config.__proto__',
  );
  const padded = { ...llama8bConfig };
  for (let i = 0; i < 9000; i += 1) padded[`padding_${i}`] = 'x'.repeat(1200);
  assert.throws(
    () => rp.modelStats({ config: padded }),
    (error) =>
      error instanceof RidgepointError && error.field === 'config' && /at most 1048576 bytes/.test(error.message),
  );
  let deep = {};
  for (let i = 0; i < 40; i += 1) deep = { inner: deep };
  assert.throws(
    () => rp.modelStats({ config: { ...llama8bConfig, nested: deep } }),
    (error) => error instanceof RidgepointError && error.field.startsWith('config.nested'),
  );
});

test('a config that is not a parsed object is rejected naming config', () => {
  for (const config of ['{"hidden_size": 4096}', [1, 2], 42, true]) {
    assert.throws(
      () => rp.modelStats({ config }),
      (error) =>
        error instanceof RidgepointError && error.field === 'config' && /config must be an object/.test(error.message),
      String(config),
    );
  }
});

test('an unknown option beside the config is still rejected as a typo', () => {
  assert.throws(
    () => rp.modelStats({ config: llama8bConfig, seqlen: 4096 }),
    (error) => error.field === 'seqlen' && /its inputs are/.test(error.message),
  );
});

test('modelInference returns prefill and decode operators for the roofline chart', () => {
  const h800 = rp.machines().find((machine) => machine.id === 'h800-sxm');
  const result = rp.modelInference({
    config: preset('deepseek-v3').config,
    peakFlops: h800.peakFlops.fp8,
    memoryBandwidth: h800.memoryBandwidth,
    weightBytesPerParam: 1,
    batch: 256,
  });
  assert.deepEqual(
    result.decode.map((row) => row.name),
    [
      'attention projections',
      'attention core (MLA absorbed)',
      'router',
      'routed experts',
      'shared experts',
      'dense FFN',
      'LM head',
    ],
  );
  for (const row of [...result.prefill, ...result.decode]) {
    assert.ok(Number.isFinite(row.intensity) && row.intensity > 0, row.name);
    assert.ok(row.bound === 'compute' || row.bound === 'memory');
  }
  assert.equal(result.decodeTokensPerExpert, 8);
  assert.equal(result.throughput[0].batch, 1);
  assert.ok(result.timePerOutputToken > 0 && result.timeToFirstToken > 0);
});

test('mtpSpeedup turns 85 % acceptance into about 1.8 times the decode rate', () => {
  const { tokensPerStep, mtpTokensPerSecond } = rp.mtpSpeedup({ acceptanceRate: 0.85, tokensPerSecond: 100 });
  assert.equal(tokensPerStep, 1.85);
  assert.ok(Math.abs(mtpTokensPerSecond - 185) < 1e-9);
  assert.throws(
    () => rp.mtpSpeedup({ acceptanceRate: 1.5 }),
    (error) => error.field === 'acceptanceRate',
  );
});

test('each call of a preset list returns a copy of its own: changing one changes no later call', () => {
  const first = rp.deployments();
  const published = first[0].published;
  first[0].published = -1;
  first[0].input.config.hidden_size = 1;
  first.pop();
  const second = rp.deployments();
  assert.equal(second.length, first.length + 1);
  assert.equal(second[0].published, published);
  assert.notEqual(second[0].input.config.hidden_size, 1);
  const models = rp.models();
  models[0].config.num_hidden_layers = 0;
  assert.notEqual(rp.models()[0].config.num_hidden_layers, 0);
});
