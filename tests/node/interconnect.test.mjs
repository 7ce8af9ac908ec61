import assert from 'node:assert/strict';
import { test } from 'node:test';

import { rp, RidgepointError } from './api.mjs';

const close = (actual, expected, where) =>
  assert.ok(
    Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)),
    `${where}: ${actual} is not ${expected}`,
  );

test('expertParallelStep follows the contract and reproduces the ISCA chain at 50 GB/s', () => {
  const step = rp.expertParallelStep({
    tokensPerDevice: 32,
    expertsPerToken: 9,
    hidden: 7000,
    dispatchBytes: 1,
    combineBytes: 2,
    bandwidth: 50e9,
    layers: 61,
    microBatches: 2,
    latency: 0,
  });
  for (const key of ['bytes', 'commTime', 'layerTime', 'tpot', 'tokensPerSecond']) assert.ok(key in step, key);
  assert.equal(step.bytes, 6048000);
  close(step.commTime, 120.96e-6, 'commTime');
  close(step.layerTime, 241.92e-6, 'layerTime');
  close(step.tpot, 14.75712e-3, 'tpot');
  assert.equal(step.tokensPerSecond.toFixed(2), '67.76');
  assert.equal(Math.trunc(step.tokensPerSecond), 67, 'the paper truncates to 67');
});

test('a latency per all-to-all shows its cost per token', () => {
  const without = rp.expertParallelStep({});
  const withLatency = rp.expertParallelStep({ latency: 5e-6 });
  close(withLatency.tpot - without.tpot, 61 * 2 * 2 * 5e-6, 'latency x 2 all-to-alls x 2 micro-batches x 61 layers');
  assert.ok(withLatency.latencyShare > 0 && withLatency.latencyShare < 1);
});

test('nodeLimitedRouting gives 3.2 experts per node and 12.8, shown as 13', () => {
  const result = rp.nodeLimitedRouting({ maxNodes: 4, scaleUpBandwidth: 160e9, scaleOutBandwidth: 50e9 });
  assert.deepEqual(Object.keys(result), ['expertsPerNode', 'maxExperts', 'maxExpertsRounded']);
  close(result.expertsPerNode, 3.2, 'expertsPerNode');
  close(result.maxExperts, 12.8, 'maxExperts');
  assert.equal(result.maxExpertsRounded, 13);
});

test('collective takes op and algorithm labels and returns time, algbw, busbw and busFactor', () => {
  const result = rp.collective({
    op: 'allreduce',
    ranks: 8,
    bytes: 1e9,
    bandwidth: 50e9,
    latency: 0,
    algorithm: 'ring',
  });
  for (const key of ['time', 'algbw', 'busbw', 'busFactor']) assert.ok(key in result, key);
  assert.equal(result.busFactor, 1.75);
  close(result.busbw, 50e9, 'busbw');
  const spec = rp.spec('collective');
  const field = (name) => spec.inputs.find((input) => input.name === name);
  assert.deepEqual(field('op').choices, [
    'allreduce',
    'allgather',
    'reducescatter',
    'broadcast',
    'reduce',
    'alltoall',
    'sendrecv',
  ]);
  assert.deepEqual(field('algorithm').choices, ['ring', 'tree', 'direct']);
  assert.equal(field('op').default, 'allreduce');
});

test('nccl-tests bus factors for n = 2, 8 and 64', () => {
  const factor = (op, ranks) =>
    rp.collective({ op, ranks, algorithm: op === 'sendrecv' ? 'direct' : 'ring' }).busFactor;
  assert.deepEqual(
    [2, 8, 64].map((n) => factor('allreduce', n)),
    [1, 1.75, 1.96875],
  );
  for (const op of ['allgather', 'reducescatter', 'alltoall']) {
    assert.deepEqual(
      [2, 8, 64].map((n) => factor(op, n)),
      [0.5, 0.875, 0.984375],
      op,
    );
  }
  for (const op of ['broadcast', 'reduce', 'sendrecv'])
    assert.deepEqual(
      [2, 8, 64].map((n) => factor(op, n)),
      [1, 1, 1],
      op,
    );
});

test('pipelineBubble returns 45, 15, 14 and 14 with a row per method', () => {
  const result = rp.pipelineBubble({
    stages: 16,
    forward: 1,
    backward: 2,
    weightBackward: 1,
    overlappedForwardBackward: 3,
  });
  assert.equal(result.oneFOneB, 45);
  assert.equal(result.zeroBubble1P, 15);
  assert.equal(result.dualPipe, 14);
  assert.equal(result.dualPipeV, 14);
  assert.deepEqual(
    result.methods.map((row) => [row.method, row.devices]),
    [
      ['1F1B', 16],
      ['ZB1P', 16],
      ['DualPipe', 16],
      ['DualPipeV', 8],
    ],
  );
});

test('the other interconnect calculators reproduce their published numbers through the API', () => {
  close(rp.hfReduce({ ranks: 8 }).ceiling, 320e9 / 24, 'HFReduce ceiling');
  assert.equal(rp.hfReduce({ ranks: 8 }).ringPcieUnits, 1.875);
  assert.equal((100 * rp.commOverlap({ totalSms: 132, commSms: 20 }).smShare).toFixed(1), '15.2');
  const allToAll = rp.expertParallelAllToAll({ tokensPerDevice: 4096, expertsPerToken: 8, hidden: 7168 });
  assert.equal(allToAll.bottleneck, 'scale-out');
  assert.equal(allToAll.scaleOutSaving, 0.5);
  assert.equal(rp.networkRoofline({ commBytes: 1e9 }).bound, 'link');
});

test('link presets carry per-direction bandwidth and sources; IB ports are converted from Gb/s', () => {
  const links = rp.links();
  const byId = Object.fromEntries(links.map((link) => [link.id, link]));
  for (const id of [
    'nvlink3-a100',
    'nvlink4-h100',
    'nvlink4-h800',
    'nvlink5-b200',
    'pcie4-x16',
    'pcie5-x16',
    'pcie6-x16',
    'ib-hdr',
    'ib-ndr',
    'ib-xdr',
    'roce-400g',
    'infinity-fabric-mi300x',
  ]) {
    assert.ok(byId[id], id);
  }
  for (const link of links) {
    assert.ok(link.source.length > 0, link.id);
    if (link.portRate !== null) assert.equal(link.bandwidth, link.portRate / 8, link.id);
  }
  assert.equal(byId['ib-ndr'].bandwidth, 50e9);
  assert.equal(byId['ib-ndr'].achievableBandwidth, 40e9);
  assert.equal(byId['nvlink4-h800'].achievableBandwidth, 160e9);
  assert.equal(byId['nvlink5-b200'].achievableBandwidth, null);
  const h800 = rp.nodeDesigns().find((node) => node.id === 'deepseek-h800');
  close(h800.scaleUpToScaleOut, 3.2, 'H800 node ratio');
  assert.deepEqual(
    rp.measuredLatencies().map((row) => row.linkLayer),
    ['RoCE', 'InfiniBand', 'NVLink'],
  );
  assert.equal(rp.measuredLatencies()[2].crossLeaf, null);
});

test('the bad inputs of the issue throw RidgepointError naming the field and never return NaN', () => {
  const rejects = (calculate, input, field, pattern) =>
    assert.throws(
      () => calculate(input),
      (error) =>
        error instanceof RidgepointError &&
        error.field === field &&
        error.message.startsWith(field) &&
        pattern.test(error.message),
      `${field}: ${JSON.stringify(input)}`,
    );
  rejects(rp.collective, { op: 'allreduce', ranks: 1 }, 'ranks', /from 2 to/);
  rejects(rp.expertParallelAllToAll, { nodes: 4, maxNodes: 8 }, 'maxNodes', /at most nodes \(4\)/);
  rejects(rp.expertParallelAllToAll, { experts: 8, expertsPerToken: 9 }, 'expertsPerToken', /at most experts \(8\)/);
  rejects(rp.pipelineBubble, { stages: 15 }, 'stages', /even/);
  rejects(rp.expertParallelStep, { bandwidth: 0 }, 'bandwidth', /1 MB\/s to 1 PB\/s \(got 0\)/);
  rejects(rp.nodeLimitedRouting, { scaleOutBandwidth: 0 }, 'scaleOutBandwidth', /got 0/);
  rejects(rp.collective, { latency: -1e-6 }, 'latency', /from 0 s to 1 s/);
  rejects(rp.collective, { op: 'allreduce', algorithm: 'butterfly' }, 'algorithm', /'ring', 'tree', 'direct'/);
  rejects(rp.collective, { op: 'sendrecv', algorithm: 'tree' }, 'algorithm', /no tree/);
  rejects(rp.commOverlap, { commSms: 132 }, 'commSms', /less than totalSms/);
  rejects(rp.expertParallelStep, { hidden: NaN }, 'hidden', /not a finite number/);
});

test('every interconnect output on its defaults is a finite number, a label or a table', () => {
  const ids = [
    'expertParallelStep',
    'nodeLimitedRouting',
    'expertParallelAllToAll',
    'collective',
    'hierarchicalAllReduce',
    'commOverlap',
    'pipelineBubble',
    'hfReduce',
    'networkRoofline',
  ];
  for (const id of ids) {
    for (const [key, value] of Object.entries(rp[id]({}))) {
      if (typeof value === 'number') assert.ok(Number.isFinite(value), `${id}.${key}`);
      else assert.ok(typeof value === 'string' || Array.isArray(value), `${id}.${key}`);
    }
  }
});
