// The page's one ridgepoint API object: the wasm module loads once and every element shares it.
import createRidgepoint from '../api/ridgepoint.js';

export const ridgepoint = createRidgepoint();
export { RidgepointError } from '../api/ridgepoint.js';
