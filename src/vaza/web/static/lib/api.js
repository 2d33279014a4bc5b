// HTTP calls to the JSON API.  Every failure becomes an ApiError with a sentence to show.

export class ApiError extends Error {
  constructor(status, message, code, data = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

function messageOf(body, status) {
  if (!body) return `HTTP ${status}`;
  if (typeof body.message === "string") return body.message;
  if (typeof body.detail === "string") return body.detail;
  if (Array.isArray(body.detail) && body.detail.length) {
    const first = body.detail[0];
    const where = (first.loc || []).filter((part) => part !== "body").join(".");
    return where ? `${where}: ${first.msg}` : first.msg;
  }
  return `HTTP ${status}`;
}

export async function request(method, path, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, String(error.message || error), "network");
  }
  const text = await response.text();
  let data;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!response.ok) throw new ApiError(response.status, messageOf(data, response.status), data?.code, data);

  return data;
}

export const api = {
  get: (path) => request("GET", path),
  post: (path, body = {}) => request("POST", path, body),
  put: (path, body = {}) => request("PUT", path, body),
};
