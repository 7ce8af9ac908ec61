import assert from 'node:assert/strict';
import { test } from 'node:test';

import { rp, RidgepointError } from './api.mjs';

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

test('modelStats takes a parsed config.json as the issue shows and ignores unrelated keys', () => {
  const stats = rp.modelStats({ config: llama8bConfig, kvBytes: 2, seqLen: 4096, causal: true });
  assert.equal(stats.attention, 'gqa');
  assert.equal(stats.totalParams, 8030261248);
  assert.equal(stats.kvBytesPerToken, 131072);
  assert.equal(stats.activeParams, stats.totalParams);
  assert.deepEqual(stats.notes.map((note) => note.field), ['head_dim']);
  for (const key of ['totalParams', 'activeParams', 'kvBytesPerToken', 'attention', 'trainingFlopsPerToken', 'components', 'notes']) {
    assert.ok(key in stats, key);
  }
});

test('a flat config passes through the adapter unchanged', () => {
  const { architectures, rope_scaling, model_type, torch_dtype, attention_bias, bos_token_id, hidden_act,
    max_position_embeddings, rope_theta, ...flat } = llama8bConfig;
  assert.deepEqual(rp.modelStats(flat), rp.modelStats({ config: llama8bConfig }));
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

test('Mixtral\'s num_local_experts is read as n_routed_experts, with the expert width noted', () => {
  const mixtral = preset('mixtral-8x7b');
  assert.equal(mixtral.config.num_local_experts, 8);
  const stats = rp.modelStats({ config: mixtral.config });
  assert.equal(stats.moeLayers, 32);
  assert.equal(stats.totalParams, 46702792704);
  assert.ok(stats.notes.some((note) => note.field === 'moe_intermediate_size'));
});

test('models() lists the seven presets, each with its Hugging Face source and config keys', () => {
  const ids = rp.models().map((model) => model.id);
  assert.deepEqual(ids, ['deepseek-v3', 'deepseek-v2', 'qwen2.5-72b', 'llama-3.1-405b', 'llama-3.1-70b', 'llama-3.1-8b', 'mixtral-8x7b']);
  for (const model of rp.models()) {
    assert.match(model.source, /huggingface\.co\/.+\/config\.json/);
    assert.equal(typeof model.config.hidden_size, 'number');
    assert.equal(typeof model.config.tie_word_embeddings, 'boolean');
    assert.doesNotThrow(() => rp.modelStats({ config: model.config }), model.id);
  }
  const list = rp.models();
  list[0].config.hidden_size = 1;
  assert.equal(rp.models()[0].config.hidden_size, 7168);
});

test('trainingRun and trainingBudget price a run as the contract shows', () => {
  const run = rp.trainingRun({ flopsPerToken: 6e9, tokens: 1e12, gpus: 1000, peakFlops: 1e15, mfu: 0.5, pricePerGpuHour: 2 });
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
      error.field === 'num_hidden_layers' &&
      ['num_hidden_layers', 'num_attention_heads', 'intermediate_size', 'vocab_size'].every((key) =>
        error.errors.some((item) => item.field === key && item.message.startsWith(`${key} is required`)),
      ),
  );
});

test('rejected configs name the offending key and never yield NaN', () => {
  const bad = [
    [{ ...llama8bConfig, hidden_size: -4096 }, 'hidden_size'],
    [{ ...llama8bConfig, hidden_size: 0 }, 'hidden_size'],
    [{ ...llama8bConfig, num_hidden_layers: 1e400 }, 'num_hidden_layers'],
    [{ ...llama8bConfig, vocab_size: 'lots' }, 'vocab_size'],
    [{ ...llama8bConfig, num_attention_heads: 30, num_key_value_heads: 30 }, 'num_attention_heads'],
    [{ ...llama8bConfig, num_key_value_heads: 5 }, 'num_key_value_heads'],
    [{ ...preset('mixtral-8x7b').config, num_experts_per_tok: 9 }, 'num_experts_per_tok'],
    [{ ...preset('mixtral-8x7b').config, n_routed_experts: 8 }, 'num_local_experts'],
    [{ ...preset('deepseek-v3').config, v_head_dim: null }, 'v_head_dim'],
    [{ ...llama8bConfig, head_dim: [128] }, 'head_dim'],
  ];
  for (const [config, field] of bad) {
    assert.throws(
      () => rp.modelStats({ config }),
      (error) => error instanceof RidgepointError && error.field === field && error.message.includes(field),
      field,
    );
  }
});

test('a config that is not a parsed object is rejected with a hint', () => {
  for (const config of ['{"hidden_size": 4096}', null, [1, 2], 42]) {
    assert.throws(
      () => rp.modelStats({ config }),
      (error) => error instanceof RidgepointError && error.field === 'config' && /JSON\.parse/.test(error.message),
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
    weightBytes: 1,
    batch: 256,
  });
  assert.deepEqual(result.decode.map((row) => row.name), [
    'attention projections', 'attention core (MLA absorbed)', 'router', 'routed experts', 'shared experts', 'dense FFN', 'LM head',
  ]);
  for (const row of [...result.prefill, ...result.decode]) {
    assert.ok(Number.isFinite(row.intensity) && row.intensity > 0, row.name);
    assert.ok(row.bound === 'compute' || row.bound === 'memory');
  }
  assert.equal(result.decodeTokensPerExpert, 8);
  assert.equal(result.throughput[0].batch, 1);
  assert.ok(result.timePerOutputToken > 0 && result.timeToFirstToken > 0);
});

test('mtpSpeedup turns 85 % acceptance into about 1.8 times the decode rate', () => {
  const { tokensPerStep, tokensPerSecond } = rp.mtpSpeedup({ acceptanceRate: 0.85, tokensPerSecond: 100 });
  assert.equal(tokensPerStep, 1.85);
  assert.ok(Math.abs(tokensPerSecond - 185) < 1e-9);
  assert.throws(() => rp.mtpSpeedup({ acceptanceRate: 1.5 }), (error) => error.field === 'acceptanceRate');
});
