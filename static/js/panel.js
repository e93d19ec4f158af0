// Web panel: copy buttons for secrets shown once. No dependencies.
"use strict";
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const field = document.querySelector(button.dataset.copy);
  if (!field) return;
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
  } catch (error) {
    // Without the async clipboard (plain http, old browsers) the selection is copied.
    document.execCommand("copy");
  }
  const label = button.textContent;
  button.textContent = button.dataset.copied || label;
  setTimeout(() => { button.textContent = label; }, 2000);
});
