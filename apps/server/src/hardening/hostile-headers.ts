/**
 * The security headers every answer must carry (issue 6): a CSP whose script sources have no 'unsafe-inline' and
 * which forbids framing (each source listed once), X-Frame-Options DENY to agree with it (issue 13), nosniff, a strict Referrer-Policy, and HSTS in production. Used by
 * security-headers.test.ts (every kind of answer) and properties.test.ts (every generated answer).
 */

const directivesOf = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );

/** What is wrong with an answer's security headers (empty when nothing). */
export function headerProblems(headers: Record<string, unknown>, production: boolean): string[] {
  const problems: string[] = [];
  const csp = headers['content-security-policy'];
  if (typeof csp !== 'string') problems.push('no Content-Security-Policy');
  else {
    const directives = directivesOf(csp);
    // Without script-src, scripts fall back to default-src.
    const scripts = directives.get('script-src') ?? directives.get('default-src');
    if (!scripts) problems.push('CSP limits no scripts (neither script-src nor default-src)');
    else if (scripts.some((v) => /'unsafe-inline'|'unsafe-eval'|^\*$|^https?:$|^data:$/.test(v)))
      problems.push(`CSP script sources too broad: ${scripts.join(' ')}`);
    if (directives.get('frame-ancestors')?.join(' ') !== "'none'")
      problems.push(`CSP frame-ancestors is not 'none': ${csp}`);
    for (const [name, values] of directives) {
      const repeated = values.filter((value, i) => values.indexOf(value) !== i);
      if (repeated.length) problems.push(`CSP ${name} lists a source more than once: ${repeated.join(' ')}`);
    }
    if (
      directives.get('object-src')?.join(' ') !== "'none'" &&
      directives.get('default-src')?.join(' ') !== "'none'"
    )
      problems.push(`CSP allows plugins (object-src): ${csp}`);
  }
  // frame-ancestors 'none' and X-Frame-Options must say the same to browsers that read one or the other.
  if (headers['x-frame-options'] !== 'DENY')
    problems.push(`X-Frame-Options is "${String(headers['x-frame-options'])}", not DENY`);
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  const referrer = String(headers['referrer-policy'] ?? '');
  if (!['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer))
    problems.push(`Referrer-Policy is "${referrer}"`);
  const hsts = headers['strict-transport-security'];
  if (production) {
    const maxAge = Number(/max-age=(\d+)/.exec(String(hsts ?? ''))?.[1] ?? 0);
    if (maxAge < 180 * 86_400) problems.push(`HSTS missing or short in production: "${hsts}"`);
  }
  if (headers['x-powered-by']) problems.push(`X-Powered-By: ${headers['x-powered-by']}`);
  return problems;
}
