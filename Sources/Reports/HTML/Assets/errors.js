window.addEventListener("error", function (event) {
  var text = "Script error: " + (event.message || "unknown") + " (line " + (event.lineno || 0) + ")\n";
  function show() {
    var box = document.getElementById("page-errors");
    box.hidden = false;
    box.textContent += text;
  }
  if (document.getElementById("page-errors")) show(); else document.addEventListener("DOMContentLoaded", show);
});
