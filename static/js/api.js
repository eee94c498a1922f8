// Fetch wrapper for the JSON API (docs/api.md): same-origin credentials (the HttpOnly
// bazaar_token cookie), JSON in and out, X-Requested-With on every state-changing request,
// and errors thrown as ApiError {status, code, reason}.


import {t} from "./i18n.js";
export class ApiError extends Error {
  constructor(status, code, reason, body) {
    super(reason || code || `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.reason = reason;
    this.body = body;
  }
}

/** Turn any error body into {code, reason}: {"detail": {code, reason}} or FastAPI's 422 list. */
function describeError(status, body) {
  const detail = body && body.detail;
  if (detail && typeof detail === "object" && !Array.isArray(detail)) {
    return {code: detail.code || `HTTP_${status}`, reason: detail.reason || detail.msg || ""};
  }
  if (Array.isArray(detail)) {
    const reason = detail.map((d) => [].concat(d.loc || []).slice(1).join(".") + ": " + (d.msg || "")).join("; ");
    return {code: "INVALID", reason};
  }
  if (typeof detail === "string") return {code: `HTTP_${status}`, reason: detail};
  return {code: `HTTP_${status}`, reason: status === 0 ? t("the server cannot be reached") : `HTTP ${status}`};
}

/** Call the API; resolves with the JSON body (or null for an empty body). */
export async function api(method, path, body) {
  const init = {method, credentials: "same-origin", headers: {Accept: "application/json"}};
  // Every state-changing request, body or not, says it comes from this client: the server
  // refuses cookie-authenticated ones without a JSON type or this header (app/web/csrf.py).
  if (method !== "GET" && method !== "HEAD") init.headers["X-Requested-With"] = "bazaar";
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, "NETWORK", t("the server cannot be reached"), null);
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = {raw: text}; }
  }
  if (!response.ok) {
    const {code, reason} = describeError(response.status, data);
    throw new ApiError(response.status, code, reason, data);
  }
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body = {}) => api("POST", path, body);
export const patch = (path, body) => api("PATCH", path, body);

/** A short human text for an error. */
export function errorText(err) {
  if (err instanceof ApiError) return err.reason || err.code;
  return String((err && err.message) || err);
}
