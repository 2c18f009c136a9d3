import { Fragment } from 'react';

/**
 * An e-mail address cut into the pieces a line may break between (issue 55: addresses broke mid-word in
 * the people table): after the '@' and before each '.', so 'kari.nordmann@example.com' breaks as
 * 'kari' '.nordmann@' 'example' '.com' and never inside a word.
 */
export function emailParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter(Boolean);
}

/**
 * An address shown in a narrow column: it breaks only where `emailParts` allows; a single piece wider than
 * the column still wraps rather than run out of it (`break-word`, which, unlike `anywhere`, does not make
 * the column narrower than its longest piece).
 */
export function EmailText({ email }: { email: string }) {
  return (
    <span style={{ overflowWrap: 'break-word', wordBreak: 'normal' }}>
      {emailParts(email).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one address, in order
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
