/**
 * Renders catalogue text: blank lines separate paragraphs, and a block whose lines all start
 * with "- " becomes a bulleted list. Keeps long legal copy in the catalogue readable.
 */
export function LegalText({ text }: { text: string }) {
  return (
    <>
      {text.split('\n\n').map((block, i) => {
        const lines = block.split('\n');
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            <ul key={i} className="my-3 list-disc space-y-1 pl-5">
              {lines.map((line, j) => (
                <li key={j}>{line.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i} className="my-3 whitespace-pre-line">
            {block}
          </p>
        );
      })}
    </>
  );
}
