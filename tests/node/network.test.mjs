import assert from 'node:assert/strict';
import { test } from 'node:test';

import { rp, RidgepointError } from './api.mjs';

test('the issue 5 API examples work as written', () => {
  const ft2 = rp.fatTree({ radix: 64, layers: 2, planes: 1 });
  assert.equal(ft2.endpoints, 2048);
  assert.equal(ft2.switches, 96);
  assert.equal(ft2.links, 2048);
  assert.equal(ft2.leafSwitches, 64);
  assert.equal(ft2.spineSwitches, 32);
  assert.equal(ft2.coreSwitches, 0);
  assert.equal(ft2.endpointLinks, 2048);
  assert.equal(rp.fatTree({ radix: 40, layers: 3, endpoints: 1600 }).switches, 200);
  const sf = rp.slimFly({ q: 28 });
  assert.deepEqual([sf.endpoints, sf.switches, sf.links], [32928, 1568, 32928]);
  const df = rp.dragonfly({ a: 32, h: 16, p: 16, g: 511 });
  assert.deepEqual([df.endpoints, df.switches, df.links], [261632, 16352, 384272]);
});

test('fatTree returns counts, optics, bandwidth and cost as plain numbers', () => {
  const result = rp.fatTree({ radix: 64, layers: 3 });
  for (const key of [
    'endpoints',
    'fullSize',
    'switches',
    'links',
    'endpointLinks',
    'leafSwitches',
    'spineSwitches',
    'coreSwitches',
    'cables',
    'optics',
    'bisectionBandwidth',
    'diameter',
    'cost',
    'costPerEndpoint',
  ]) {
    assert.equal(typeof result[key], 'number', key);
    assert.ok(Number.isFinite(result[key]), key);
  }
  assert.equal(result.bisectionBandwidth, (65536 * 50e9) / 2);
});

test('switch presets carry sources; the Fire-Flyer and ISCA switches have 40 and 64 ports', () => {
  const switches = rp.switches();
  const byId = Object.fromEntries(switches.map((model) => [model.id, model]));
  assert.equal(byId.qm8700.radix, 40);
  assert.equal(byId.qm8700.portBandwidth, 25e9);
  assert.equal(byId.qm9700.radix, 64);
  assert.equal(byId['roce-128'].radix, 128);
  for (const model of switches) assert.ok(model.source.length > 0, model.id);
  const choices = rp.spec('cheapestFatTree').inputs.find((field) => field.name === 'switchModel').choices;
  assert.deepEqual(choices, ['custom', ...switches.map((model) => model.id)]);
});

test('every published ISCA Table 3 column rebuilds with its calculator', () => {
  const published = rp.publishedNetworks();
  assert.deepEqual(
    published.map((network) => network.id),
    ['ft2', 'mpft', 'ft3', 'sf', 'df'],
  );
  for (const network of published) {
    const input = Object.fromEntries(Object.entries(network.input).filter(([, value]) => value !== null));
    const result = rp[network.calculator](input);
    assert.equal(result.endpoints, network.endpoints, network.id);
    assert.equal(result.switches, network.switches, network.id);
    assert.equal(result.links, network.links, network.id);
    // The two-price fit is within 2 % of every printed cost.
    assert.ok(Math.abs(result.cost - network.cost) <= 0.02 * network.cost, network.id);
  }
});

// Its speed (target: within one 16 ms frame) is printed by scripts/bench, not timed here.
test('the solver answers for 100,000 GPUs with a three-layer design among twelve candidates', () => {
  const result = rp.cheapestFatTree({ gpus: 100000, nicsPerNode: 8, switchModel: 'qm9700' });
  assert.equal(result.best.layers, 3);
  // Four plane counts (1, 2, 4, 8) × one, two and three layers.
  assert.equal(result.candidates.length, 12);
});

test('a cluster that fits one switch per plane is never built with spines', () => {
  // 16 to 512 GPUs of 8 per node on 64-port switches: a plane of at most 64 endpoints is one switch.
  for (let gpus = 16; gpus <= 512; gpus += 16) {
    const { best, endpoints } = rp.cheapestFatTree({ gpus, switchModel: 'qm9700' });
    if (endpoints / 8 <= 64) {
      // The fewest planes whose share fits one switch: one switch each, and nothing between them.
      const planes = [1, 2, 4, 8].find((count) => endpoints / count <= 64);
      assert.deepEqual([best.layers, best.planes, best.switches, best.links], [1, planes, planes, 0], `${gpus} GPUs`);
    } else {
      assert.ok(best.layers > 1, `${gpus} GPUs`);
    }
  }
});

test('a Slim Fly q that is not a prime power gives sizes and a warning, not an error', () => {
  const result = rp.slimFly({ q: 28 });
  assert.equal(result.primePower, false);
  assert.match(result.warning, /not a prime power/);
  assert.equal(rp.slimFly({ q: 27 }).warning, '');
});

test('bad inputs throw RidgepointError naming the field and the allowed range', () => {
  const cases = [
    [() => rp.fatTree({ radix: 41 }), 'radix', /even/],
    [() => rp.fatTree({ radix: 2 }), 'radix', /from 4 to 1024/],
    [() => rp.fatTree({ radix: 64, layers: 4 }), 'layers', /from 1 to 3/],
    [() => rp.fatTree({ radix: 64, layers: 2, endpoints: 5000 }), 'endpoints', /at most 2048/],
    [() => rp.fatTree({ switchPrice: -1 }), 'switchPrice', /from 0/],
    [() => rp.fatTree({ endpointCabling: 'wireless' }), 'endpointCabling', /'copper', 'optical'/],
    [() => rp.slimFly({ q: 26 }), 'q', /no valid δ/],
    [() => rp.dragonfly({ a: 4, h: 2, p: 2, g: 10 }), 'g', /at most a · h \+ 1 = 9/],
    [() => rp.cheapestFatTree({ gpus: 1e7, switchModel: 'qm8700' }), 'gpus', /at most/],
    [() => rp.cheapestFatTree({ switchModel: 'qm1234' }), 'switchModel', /'custom'/],
    [() => rp.cheapestFatTree({ switchModel: 'custom', radix: 33 }), 'radix', /even/],
    [() => rp.fireFlyer({ radix: 39 }), 'radix', /even/],
    [() => rp.fatTree({ radix: NaN }), 'radix', /not a finite number/],
  ];
  for (const [call, field, pattern] of cases) {
    assert.throws(call, (error) => {
      assert.ok(error instanceof RidgepointError);
      assert.equal(error.field, field);
      assert.match(error.message, pattern);
      assert.ok(error.message.startsWith(field), error.message);
      return true;
    });
  }
});

test('the solver reports why a candidate does not fit', () => {
  const result = rp.cheapestFatTree({ gpus: 100000 });
  const tooSmall = result.candidates.find((candidate) => !candidate.fits);
  assert.match(tooSmall.note, /endpoints per plane/);
  assert.equal(tooSmall.switches, 0);
  for (const candidate of result.candidates.filter((each) => each.fits)) {
    assert.ok(result.best.cost <= candidate.cost);
  }
});

test('a Fire-Flyer design is named by its zones, and a note never ends on a separator', () => {
  assert.equal(rp.fireFlyer({ zones: 3 }).designs[0].name, '3-zone two-layer fat-tree');
  assert.equal(rp.fireFlyer({}).designs[0].name, 'two-zone two-layer fat-tree (Fire-Flyer)');
  // 1,000,000 nodes on radix-8 switches: a zone of 32 ports cannot hold 500,180 (not the paper's radix).
  const crowded = rp.fireFlyer({ radix: 8, gpuNodes: 1000000 });
  assert.equal(crowded.note, 'a zone needs 500180 ports but has 32');
  for (const note of [crowded.note, rp.fireFlyer({}).note]) assert.doesNotMatch(note, /;\s*$/);
});
