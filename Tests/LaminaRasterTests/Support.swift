// The shared test helpers (Tests/LaminaTestSupport): Paths, loadScene, plan, renderCPU, backgroundRGB.
@_exported import LaminaTestSupport
