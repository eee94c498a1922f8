// The header's language picker (issue 29): a choice is saved (PUT /api/language: this
// browser's cookie, and the account's setting on every device) and the page reloads in it.

import {api} from "./api.js";

const picker = document.getElementById("language-picker");
if (picker) {
  picker.addEventListener("change", async () => {
    picker.disabled = true;
    try {
      await api("PUT", "/api/language", {language: picker.value});
    } catch {
      // the server could not save it: the cookie alone still carries the choice here
      document.cookie = `bazaar_lang=${encodeURIComponent(picker.value)}; path=/; max-age=31536000; samesite=lax`;
    }
    window.location.reload();
  });
}
