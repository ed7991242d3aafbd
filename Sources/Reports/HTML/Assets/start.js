// ---- Start --------------------------------------------------------------------------------
if (!MODEL || !MODEL.links || MODEL.links.length === 0 || SETS.length === 0) {
  $("verdict").replaceChildren(el("h2", {}, "Verdict"), el("p", {}, SETS.length === 0
    ? "This run measured no cells." : "This results.json carries no upload model parameters, so no verdict can be drawn."));
} else {
  setupControls();
  readFragment();
  renderModel();
  render();
  // Charts size themselves to the window: redraw after a resize settles.
  let resizeTimer = 0;
  window.addEventListener("resize", () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(render, 150); });
}
document.body.dataset.ready = "true";

