import createRidgepoint from "./api/ridgepoint.js"; createRidgepoint();
