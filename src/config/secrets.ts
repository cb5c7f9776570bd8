import type { Config } from './types.js';

/** Query parameters that carry credentials (`?key=`, `api-key`, `access_token`, `sig`, …). */
const SECRET_PARAM = /key|token|secret|passw|sig|auth|credential/i;

/** What stands in for a secret. */
const REDACTED = '***';

/**
 * `url` with its credentials replaced by `***`: the user name and password, and the value of
 * every query parameter whose name says it holds one (`key`, `api-key`, `access_token`, `sig`,
 * …). Anything that does not parse as a URL is redacted whole.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return REDACTED;
  }
  if (parsed.username) parsed.username = REDACTED;
  if (parsed.password) parsed.password = REDACTED;
  for (const name of [...new Set(parsed.searchParams.keys())]) {
    if (SECRET_PARAM.test(name)) parsed.searchParams.set(name, REDACTED);
  }
  return parsed.toString();
}

/** The credentials in `url` (user name, password, secret query values), to scrub from messages. */
export function urlSecrets(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const secrets = [parsed.username, parsed.password, decodeURIComponent(parsed.username), decodeURIComponent(parsed.password)];
  for (const [name, value] of parsed.searchParams) if (SECRET_PARAM.test(name)) secrets.push(value, encodeURIComponent(value));
  return [...new Set(secrets.filter((secret) => secret.length >= 4))];
}

/** `text` with every one of `secrets` replaced by `***`. */
export function scrub(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

/**
 * The config as the report echoes it (docs/design.md#robust-shells): `llm.baseURL` through
 * {@link redactUrl}, so an API key in `--llm-base-url` never reaches `report.json`, which the
 * action uploads as an artifact, or the comment.
 */
export function redactConfig(config: Config): Config {
  return config.llm.baseURL === null ? config : { ...config, llm: { ...config.llm, baseURL: redactUrl(config.llm.baseURL) } };
}
