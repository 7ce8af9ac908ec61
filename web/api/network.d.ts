// Type declarations for the cluster-network part of the ridgepoint JS API: fat-trees (two or
// three layers, multi-plane), Fire-Flyer's two-zone design, Slim Fly, Dragonfly, and the
// cheapest fat-tree for a GPU count. `links` counts switch-to-switch links (as ISCA'25 Table 3
// does); endpoint links are counted separately. Money is in $ (USD), bandwidth in B/s.

/**
 * Unit prices. The paper publishes none: the defaults are a two-price fit to ISCA'25 Table 3
 * ($83,008 per switch, $504 per switch-to-switch link as two $252 optics), an assumption.
 */
export interface PriceInput {
  /** $ per switch. Default 83008 (a fit, not a published price). */
  switchPrice?: number;
  /** $ per transceiver; an optical link has two. Default 252. */
  opticPrice?: number;
  /** $ per cable. Default 0. */
  cablePrice?: number;
  /** $ per endpoint NIC port. Default 0. */
  nicPrice?: number;
  /** How endpoints reach their leaf. Default 'copper'. */
  endpointCabling?: 'copper' | 'optical';
}

/** Cables, optics and cost, part of every topology's result. */
export interface NetworkCost {
  /** links + endpointLinks */
  cables: number;
  /** 2 · links, plus 2 · endpointLinks when optical */
  optics: number;
  switchCost: number;
  linkCost: number;
  endpointCost: number;
  /** switchCost + linkCost + endpointCost, $ */
  cost: number;
  /** cost / endpoints, $ */
  costPerEndpoint: number;
}

export interface FatTreeInput extends PriceInput {
  /** Ports per switch, even, 4–1024. Default 64. */
  radix?: number;
  /** 2 (leaf, spine) or 3 (leaf, spine, core). Default 2. */
  layers?: 2 | 3;
  /** Independent fat-trees, one per NIC of a node (multi-plane), 1–64. Default 1. */
  planes?: number;
  /** Endpoints over all planes; 0 (the default) builds the full size of the design. */
  endpoints?: number;
  /** Leaf downlinks per uplink, 1–16; 1 (the default) is non-blocking. */
  oversubscription?: number;
  /** B/s per direction of one port. Default 50e9 (400 Gb/s). */
  portBandwidth?: number;
}

export interface FatTreeResult extends NetworkCost {
  endpoints: number;
  /** Endpoints of the full build: planes · radix²/2 (2 layers) or planes · radix³/4 (3), non-blocking. */
  fullSize: number;
  endpointsPerPlane: number;
  /** leafSwitches + spineSwitches + coreSwitches, over all planes */
  switches: number;
  /** Switch-to-switch links. */
  links: number;
  endpointLinks: number;
  leafSwitches: number;
  spineSwitches: number;
  /** 0 for two layers. */
  coreSwitches: number;
  uplinksPerLeaf: number;
  downlinksPerLeaf: number;
  leafOversubscription: number;
  /** B/s per direction across an even split of the endpoints. */
  bisectionBandwidth: number;
  /** Switch-to-switch links on the longest shortest path: 2 · (layers − 1). */
  diameter: number;
}

export interface FireFlyerInput {
  /** Default 40 (QM8700). */
  radix?: number;
  /** Default 2. */
  zones?: number;
  /** GPU nodes, one IB NIC each. Default 1250. */
  gpuNodes?: number;
  /** Default 8. */
  gpusPerNode?: number;
  /** Storage servers, one NIC in every zone. Default 180. */
  storageServers?: number;
  /** Relative to DGX-A100. Default 0.83 (Table II). */
  relativePerformance?: number;
  /** Relative to DGX-A100. Default 0.6 (Table II). */
  relativeNodePrice?: number;
}

export interface FireFlyerDesign {
  name: string;
  endpoints: number;
  leafSwitches: number;
  spineSwitches: number;
  coreSwitches: number;
  /** Minimal whole-switch count; 0 with a note when the design does not fit. */
  switches: number;
  /** Fire-Flyer Table III's count when the inputs are the paper's, else null. */
  publishedSwitches: number | null;
  note: string;
}

export interface FireFlyerResult {
  portsPerZone: number;
  leafSwitchesPerZone: number;
  spineSwitchesPerZone: number;
  switches: number;
  gpus: number;
  gpuNodesPerZone: number;
  storagePortsPerZone: number;
  portsNeededPerZone: number;
  fits: boolean;
  note: string;
  /** The two zones, a three-layer fat-tree of the same ports, a DGX-style three-layer fat-tree. */
  designs: FireFlyerDesign[];
  /** relativePerformance / relativeNodePrice */
  costPerformance: number;
}

export interface SlimFlyInput extends PriceInput {
  /** MMS parameter, 3–1000, not ≡ 2 (mod 4). Default 28. */
  q?: number;
}

export interface SlimFlyResult extends NetworkCost {
  endpoints: number;
  /** 2q² */
  switches: number;
  links: number;
  endpointLinks: number;
  /** −1, 0 or 1 with q = 4w + δ */
  delta: -1 | 0 | 1;
  /** (3q − δ)/2 */
  networkRadix: number;
  endpointsPerSwitch: number;
  /** Ports used per switch. */
  switchRadix: number;
  diameter: number;
  primePower: boolean;
  /** '' when q is a prime power; otherwise says no MMS graph exists. */
  warning: string;
}

export interface DragonflyInput extends PriceInput {
  /** Switches per group. Default 32. */
  a?: number;
  /** Global links per switch. Default 16. */
  h?: number;
  /** Endpoints per switch. Default 16. */
  p?: number;
  /** Groups, at most a · h + 1. Default 511. */
  g?: number;
}

export interface DragonflyResult extends NetworkCost {
  endpoints: number;
  switches: number;
  /** localLinks + globalLinks */
  links: number;
  endpointLinks: number;
  localLinks: number;
  globalLinks: number;
  /** Ports used per switch: p + a − 1 + h. */
  switchRadix: number;
  maxGroups: number;
  diameter: number;
}

export type SwitchModelId = 'qm8700' | 'qm9700' | 'roce-128' | 'q3400';

export interface CheapestFatTreeInput extends PriceInput {
  /** Default 100000. */
  gpus?: number;
  /** Default 8. */
  gpusPerNode?: number;
  /** Compute NICs per node; plane counts are its divisors. Default 8. */
  nicsPerNode?: number;
  /** A preset of rp.switches(), or 'custom' to use radix and portBandwidth. Default 'qm9700'. */
  switchModel?: SwitchModelId | 'custom';
  radix?: number;
  portBandwidth?: number;
  /** Ports of a separate storage plane; 0 (default) for none. */
  storagePorts?: number;
}

export interface FabricCandidate extends FatTreeResult {
  planes: number;
  layers: 2 | 3;
  wiring: 'single plane' | 'multi-rail' | 'multi-plane' | 'multi-plane, multi-rail';
  fits: boolean;
  /** Why it does not fit ('' when it does); its counts are then 0. */
  note: string;
}

export interface CheapestFatTreeResult {
  radix: number;
  nodes: number;
  /** nodes · nicsPerNode */
  endpoints: number;
  best: FabricCandidate;
  /** The storage plane; all zero when storagePorts is 0. */
  storage: FatTreeResult;
  switches: number;
  cost: number;
  costPerGpu: number;
  candidates: FabricCandidate[];
}

export interface SwitchModel {
  id: SwitchModelId;
  name: string;
  radix: number;
  /** B/s per direction of one port. */
  portBandwidth: number;
  source: string;
  note: string;
}

/** A published design: the calculator and inputs that rebuild it, and its printed figures. */
export interface PublishedNetwork {
  id: string;
  name: string;
  calculator: 'fatTree' | 'slimFly' | 'dragonfly';
  /** Inputs for the calculator; null where not used. */
  input: Record<'radix' | 'layers' | 'planes' | 'q' | 'a' | 'h' | 'p' | 'g', number | null>;
  endpoints: number;
  switches: number;
  links: number;
  /** $, as printed. */
  cost: number;
  costPerEndpoint: number;
  source: string;
  note: string;
}

export interface NetworkApi {
  fatTree(input: FatTreeInput): FatTreeResult;
  fireFlyer(input: FireFlyerInput): FireFlyerResult;
  slimFly(input: SlimFlyInput): SlimFlyResult;
  dragonfly(input: DragonflyInput): DragonflyResult;
  cheapestFatTree(input: CheapestFatTreeInput): CheapestFatTreeResult;
  /** Switch presets with their sources. */
  switches(): SwitchModel[];
  /** ISCA'25 Table 3, as printed. */
  publishedNetworks(): PublishedNetwork[];
}
