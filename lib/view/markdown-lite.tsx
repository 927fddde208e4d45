import { Fragment, type ReactNode } from 'react';

/**
 * Renders the small Markdown subset our own documents use (PRIVACY.md): `#` headings, paragraphs,
 * `-` lists, pipe tables, **bold** and `code`. Output is React elements built from text, never HTML, so
 * nothing in the document can inject markup. Anything else shows as plain text.
 */
export function renderMarkdownLite(source: string): ReactNode {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let index = 0;
  const key = () => `b${blocks.length}`;
  while (index < lines.length) {
    const line = lines[index]!;
    if (!line.trim()) {
      index++;
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      const Tag = `h${heading[1]!.length}` as 'h1' | 'h2' | 'h3';
      blocks.push(<Tag key={key()}>{inline(heading[2]!)}</Tag>);
      index++;
      continue;
    }
    if (line.startsWith('|')) {
      const rows: string[][] = [];
      while (index < lines.length && lines[index]!.startsWith('|')) {
        const cells = lines[index]!.trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((cell) => cell.trim());
        if (!cells.every((cell) => /^:?-{3,}:?$/.test(cell))) rows.push(cells);
        index++;
      }
      const [head, ...body] = rows;
      blocks.push(
        <table key={key()}>
          <thead>
            <tr>
              {head?.map((cell, n) => (
                <th key={n}>{inline(cell)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body.map((row, r) => (
              <tr key={r}>
                {row.map((cell, n) => (
                  <td key={n}>{inline(cell)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>,
      );
      continue;
    }
    if (/^- /.test(line)) {
      const items: string[] = [];
      while (index < lines.length && (/^- /.test(lines[index]!) || /^ {2,}\S/.test(lines[index]!))) {
        if (/^- /.test(lines[index]!)) items.push(lines[index]!.slice(2));
        else items[items.length - 1] += ` ${lines[index]!.trim()}`;
        index++;
      }
      blocks.push(
        <ul key={key()}>
          {items.map((item, n) => (
            <li key={n}>{inline(item)}</li>
          ))}
        </ul>,
      );
      continue;
    }
    const paragraph: string[] = [];
    while (index < lines.length && lines[index]!.trim() && !/^(#{1,3}\s|\||- )/.test(lines[index]!))
      paragraph.push(lines[index++]!.trim());
    blocks.push(<p key={key()}>{inline(paragraph.join(' '))}</p>);
  }
  return <>{blocks}</>;
}

/** **bold** and `code` within a line; everything else is text. */
function inline(text: string): ReactNode {
  const parts = text.split(/(\*\*[^*]+\*\*|`[^`]+`)/g);
  return parts.map((part, n) => {
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={n}>{part.slice(2, -2)}</strong>;
    if (/^`[^`]+`$/.test(part)) return <code key={n}>{part.slice(1, -1)}</code>;
    return <Fragment key={n}>{part}</Fragment>;
  });
}
