/// The skeleton of report.html. The writer fills the `{{…}}` slots; the script builds the
/// controls' options, the verdict, the charts and the tables from the inlined data.
///
/// The Content-Security-Policy forbids every fetch, so the page cannot reach the network even by
/// mistake: everything it shows is in this one file.
enum PageTemplate {
  static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
    <title>{{title}}</title>
    <style>
    {{style}}
    </style>
    <script>
    {{errors}}
    </script>
    </head>
    <body>
    <header>
    <h1>{{title}}</h1>
    <p class="context">{{context}}</p>
    {{banner}}
    </header>
    <main>
    {{answer}}
    <noscript><p class="banner">This page draws its verdict, charts and tables with JavaScript. The same figures are in report.md beside it.</p></noscript>
    <section id="conditions" aria-labelledby="conditions-heading">
    <h2 id="conditions-heading">Your payloads and your users' network</h2>
    <form id="controls" class="controls" onsubmit="return false">
    <label>Payload set <select id="corpus"></select></label>
    <label>Batch size (events per request) <select id="split"></select></label>
    <div class="control">
    <label for="uplink">Uplink rate <output id="uplink-value" for="uplink"></output></label>
    <input id="uplink" type="range" min="0" max="1000" step="1">
    </div>
    <div class="control">
    <label for="rtt">Round trip <output id="rtt-value" for="rtt"></output></label>
    <input id="rtt" type="range" min="0" max="1000" step="1">
    </div>
    <fieldset class="connection">
    <legend>Connection</legend>
    <label><input type="radio" name="connection" value="warm" id="warm"> warm (kept alive)</label>
    <label><input type="radio" name="connection" value="cold" id="cold"> cold (new TCP + TLS)</label>
    </fieldset>
    <label>Client device <select id="device"></select></label>
    <div class="presets" role="group" aria-label="Link presets" id="presets"></div>
    </form>
    </section>
    <section id="verdict" aria-live="polite" aria-labelledby="verdict-heading" data-compress="" data-setting="">
    <h2 id="verdict-heading">Verdict</h2>
    <p>Working…</p>
    </section>
    <section aria-labelledby="saved-heading">
    <h2 id="saved-heading">Time saved per request against uplink rate</h2>
    <p class="note">Milliseconds saved against sending the body uncompressed, for this payload set, round trip, connection and device; above zero compressing pays. Vertical dotted lines mark the link presets, the solid one your uplink.</p>
    <figure id="saved-chart" class="chart"></figure>
    </section>
    <section aria-labelledby="ratio-heading">
    <h2 id="ratio-heading">Compression ratio against compression speed</h2>
    <p class="note">Each mark is a cell of this payload set; shape and colour name the backend. The line joins the Pareto frontier: no other cell is both smaller and faster. Hover a mark, or focus the chart and use the arrow keys, for its exact figures.</p>
    <figure id="ratio-chart" class="chart"></figure>
    <p id="ratio-details" class="details" aria-live="polite"></p>
    </section>
    <section aria-labelledby="cells-heading">
    <h2 id="cells-heading">Every cell</h2>
    <p class="note">Sort by any column with its header button. Modelled times use the conditions above.
    <label><input type="checkbox" id="all-sets"> show every payload set</label></p>
    <div class="table-scroll" id="cells-table"></div>
    </section>
    <section aria-labelledby="model-heading">
    <h2 id="model-heading">The model and its parameters</h2>
    <div id="model-parameters"></div>
    </section>
    </main>
    <div id="tooltip" class="tooltip" role="tooltip" hidden></div>
    <pre id="page-errors" class="banner" hidden></pre>
    <script type="application/json" id="results-data">{{data}}</script>
    <script>
    {{script}}
    </script>
    </body>
    </html>

    """#

  /// Runs before everything else, so even a syntax error in the main script is shown on the page
  /// (and in `#page-errors`, which the browser tests read) instead of failing silently.
  static let errorHandler = #"""
    window.addEventListener("error", function (event) {
      var text = "Script error: " + (event.message || "unknown") + " (line " + (event.lineno || 0) + ")\n";
      function show() {
        var box = document.getElementById("page-errors");
        box.hidden = false;
        box.textContent += text;
      }
      if (document.getElementById("page-errors")) show(); else document.addEventListener("DOMContentLoaded", show);
    });
    """#
}
