/** Escapes text for HTML mail bodies. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export interface MailContent {
  subject: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One simple, readable layout for every message: plain text and an HTML twin with a single button. */
export function renderMail({ subject, paragraphs, action, footer }: MailContent): RenderedMail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '--', footer].join(
    '\n\n',
  );
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2f7d32;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#495057">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#212529;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#2f7d32">${escapeHtml(subject)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${button}
<hr style="border:none;border-top:1px solid #dee2e6;margin-top:32px"><p style="font-size:12px;color:#495057">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject, text, html };
}
