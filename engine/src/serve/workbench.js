// The workbench's one script (embedded in the binary by layout.rs). Pages work without it:
// every step is a plain link. It only adds keys: left and right arrows follow the links with
// the ids `step-back` and `step-forward` where a page has them.
document.addEventListener("keydown", function (event) {
  if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
  var id = event.key === "ArrowLeft" ? "step-back" : event.key === "ArrowRight" ? "step-forward" : null;
  if (!id) return;
  var link = document.getElementById(id);
  if (link && link.href) { window.location.href = link.href; }
});
