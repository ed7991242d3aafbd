/// The page's styles. System fonts only (no web fonts: the page works offline), a single column
/// that widens into a grid of controls at desktop sizes, and marks told apart by shape, dash and
/// label as well as colour.
enum PageStyle {
  static let css = #"""
    :root { --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --accent: #0b5cad; --good: #116329;
      --bad: #a40e26; --paper: #ffffff; --soft: #f6f8fa; font-family: system-ui, -apple-system, "Segoe UI",
      Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--paper); }
    body { margin: 0 auto; max-width: 1200px; padding: 0 16px 48px; line-height: 1.45; }
    h1 { font-size: 1.5rem; margin: 16px 0 4px; }
    h2 { font-size: 1.2rem; margin: 28px 0 8px; }
    .context, .note { color: var(--muted); font-size: 0.9rem; margin: 4px 0 8px; }
    .banner { border: 2px solid var(--bad); padding: 8px 12px; background: #fff5f5; white-space: pre-wrap; }
    .controls { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 10px 20px;
      align-items: end; background: var(--soft); border: 1px solid var(--line); padding: 12px; border-radius: 6px; }
    .controls label, .control { display: flex; flex-direction: column; gap: 4px; font-size: 0.9rem; }
    .controls select, .controls input[type=range] { width: 100%; font-size: 1rem; }
    .controls select { padding: 4px; }
    output { font-weight: 600; }
    fieldset.connection { border: 1px solid var(--line); border-radius: 4px; margin: 0; padding: 4px 8px; }
    fieldset.connection label { flex-direction: row; align-items: center; gap: 6px; }
    .presets { grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
    button { font: inherit; font-size: 0.9rem; padding: 3px 10px; border: 1px solid var(--line);
      border-radius: 4px; background: var(--paper); color: var(--ink); cursor: pointer; }
    button[aria-pressed=true] { border-color: var(--accent); box-shadow: inset 0 0 0 1px var(--accent); font-weight: 600; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    #verdict { border: 2px solid var(--line); border-radius: 6px; padding: 4px 16px 12px; margin-top: 16px; }
    #verdict[data-compress=true] { border-color: var(--good); }
    #verdict[data-compress=false] { border-color: var(--bad); }
    #verdict .answer { font-size: 1.25rem; font-weight: 600; margin: 8px 0; }
    .table-scroll { overflow-x: auto; max-width: 100%; }
    table { border-collapse: collapse; font-size: 0.88rem; font-variant-numeric: tabular-nums; }
    th, td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: right; white-space: nowrap; }
    thead th { white-space: normal; vertical-align: bottom; }
    th:first-child, td:first-child, td.text, th.text { text-align: left; }
    thead th { position: sticky; top: 0; background: var(--soft); }
    th button { border: none; background: none; padding: 0; font-weight: 600; text-align: inherit; }
    tr.picked td { font-weight: 600; background: #eef6ff; }
    .chart { margin: 0; }
    .chart svg { width: 100%; height: auto; max-height: 480px; display: block; overflow: visible; }
    .chart svg:focus-visible { outline: 3px solid var(--accent); }
    svg text { font-size: 12px; fill: var(--ink); font-family: inherit; }
    svg .axis line, svg .axis path { stroke: var(--muted); }
    svg .axis line.grid { stroke: #e4e8ec; }
    svg .mark { stroke: var(--ink); stroke-width: 1; }
    svg .mark.active { stroke-width: 3; }
    svg .frontier { fill: none; stroke: var(--accent); stroke-width: 2; }
    svg .series { fill: none; stroke-width: 2.5; }
    svg .preset { stroke: var(--muted); stroke-dasharray: 2 3; }
    svg .current { stroke: var(--ink); stroke-width: 1.5; }
    .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 0.85rem; margin: 4px 0; }
    .chart .legend svg { display: inline-block; width: 36px; height: 14px; vertical-align: middle; }
    .tooltip { position: absolute; background: var(--paper); border: 1px solid var(--ink); border-radius: 4px;
      padding: 6px 8px; font-size: 0.85rem; pointer-events: none; max-width: 320px; box-shadow: 0 2px 6px #0003; }
    .details { min-height: 1.5em; font-size: 0.9rem; }
    dl.parameters { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; font-size: 0.9rem; }
    dl.parameters dt { font-weight: 600; }
    dl.parameters dd { margin: 0; }
    @media (max-width: 600px) {
      body { padding: 0 8px 32px; }
      h1 { font-size: 1.25rem; }
      #verdict .answer { font-size: 1.1rem; }
      svg text { font-size: 14px; }
      .controls { grid-template-columns: 1fr 1fr; gap: 8px 12px; padding: 8px; }
      .controls .control, .presets { grid-column: 1 / -1; }
      .presets button { padding: 2px 6px; font-size: 0.85rem; }
    }
    """#
}
