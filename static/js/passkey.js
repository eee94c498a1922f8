// Passkeys (WebAuthn) in the browser: the server's options (JSON with base64url strings, from
// the `webauthn` library) become the ArrayBuffers navigator.credentials wants, and the
// credential goes back as JSON with base64url strings (docs/api.md, "Passkeys").

import {api, errorText} from "./api.js";
import {t} from "./i18n.js";

function fromB64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
}

function toB64url(buffer) {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const withIds = (list) => (list || []).map((c) => ({...c, id: fromB64url(c.id)}));

export const passkeysAvailable = () => Boolean(window.PublicKeyCredential && navigator.credentials);

/** Why passkeys cannot work at this address, or "" (issue 25, point 30): browsers refuse them on
 * an IP address (a passkey belongs to a domain name), and on plain http except on localhost. */
export function addressProblem(where = location) {
  const host = where.hostname;
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(":") || host.startsWith("[");
  const port = where.port ? `:${where.port}` : "";
  if (ip) {
    const local = host === "127.0.0.1" || host === "[::1]" || host === "::1";
    return t("Passkeys do not work on an IP address such as {host}: they belong to a name.", {host}) + " "
      + (local ? t("Open this page as {address} instead.", {address: `http://localhost${port}${where.pathname}`}) : t("Open this site by its name, over https."));
  }
  if (where.protocol !== "https:" && host !== "localhost" && !host.endsWith(".localhost")) {
    return t("Passkeys need a secure address: open this site over https (or as localhost on this computer).");
  }
  return "";
}

/** Words for a failed ceremony: the browser's refusals are not the player's fault. */
export function passkeyError(err) {
  if (err && err.name === "NotAllowedError") return t("The passkey request was cancelled or timed out.");
  if (err && err.name === "InvalidStateError") return t("This device already has a passkey for the account.");
  if (err && err.name === "SecurityError") return addressProblem() || t("The browser refused passkeys at this address.");
  return null;
}

/**
 * Wire a page's passkey button: run the ceremony on click and then `after`; failures in words
 * in `errorBox`. Where the browser has no passkeys the button stays disabled and says why.
 */
export function wirePasskeyButton(button, errorBox, ceremony, after) {
  if (!passkeysAvailable()) {
    button.disabled = true;
    errorBox.textContent = t("This browser cannot use passkeys.");
    return;
  }
  const problem = addressProblem();
  if (problem) {  // said before a ceremony that can only fail
    button.disabled = true;
    errorBox.textContent = problem;
    return;
  }
  button.disabled = false;
  button.addEventListener("click", async () => {
    errorBox.textContent = "";
    try {
      await ceremony();
      after();
    } catch (err) {
      errorBox.textContent = passkeyError(err) || errorText(err);
    }
  });
}

/** Register a new passkey for the signed-in account, under `name` ("my phone") if given. */
export async function addPasskey(name = "") {
  const {challenge_id: challengeId, options} = await api("POST", "/api/account/passkeys/options", {});
  const publicKey = {...options, challenge: fromB64url(options.challenge),
    user: {...options.user, id: fromB64url(options.user.id)},
    excludeCredentials: withIds(options.excludeCredentials)};
  const cred = await navigator.credentials.create({publicKey});
  const credential = {id: cred.id, rawId: toB64url(cred.rawId), type: cred.type,
    response: {clientDataJSON: toB64url(cred.response.clientDataJSON),
      attestationObject: toB64url(cred.response.attestationObject),
      transports: cred.response.getTransports ? cred.response.getTransports() : []},
    clientExtensionResults: cred.getClientExtensionResults()};
  return api("POST", "/api/account/passkeys", {challenge_id: challengeId, credential, name: name.trim() || null});
}

/** Sign this browser in with any passkey of this site. */
export async function signInWithPasskey() {
  const {challenge_id: challengeId, options} = await api("POST", "/api/account/passkeys/signin/options", {});
  const publicKey = {...options, challenge: fromB64url(options.challenge),
    allowCredentials: withIds(options.allowCredentials)};
  const cred = await navigator.credentials.get({publicKey});
  const r = cred.response;
  const credential = {id: cred.id, rawId: toB64url(cred.rawId), type: cred.type,
    response: {clientDataJSON: toB64url(r.clientDataJSON),
      authenticatorData: toB64url(r.authenticatorData), signature: toB64url(r.signature),
      userHandle: r.userHandle ? toB64url(r.userHandle) : null},
    clientExtensionResults: cred.getClientExtensionResults()};
  return api("POST", "/api/account/passkeys/signin", {challenge_id: challengeId, credential});
}
