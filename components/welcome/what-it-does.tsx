/** What Factlight does, in three lines, for someone who just installed it. */
export function WhatItDoes() {
  return (
    <ul className="what-it-does" data-testid="welcome-what">
      <li>Select text on any page, or press “Fact-check” under a ChatGPT, Claude or Gemini reply.</li>
      <li>
        Factlight splits it into claims, looks for evidence on the web and in Wikipedia, and judges each claim against
        it.
      </li>
      <li>
        Each sentence is coloured by how well the evidence supports it; click one for the sources and a suggested
        correction.
      </li>
    </ul>
  );
}
