// HOW THIS WORKS: the verify page's account of receipts, the root and the proofs, in plain words.

export function HowItWorks() {
  return (
    <section className="card" aria-labelledby="how-title">
      <h2 id="how-title" className="card-title">
        HOW THIS WORKS
      </h2>
      <p>
        Every pick gets a receipt: its number, a random salt and a fingerprint (a SHA-256 hash) of both. At the close,
        all the day’s picks, mines included, are put in order of number and joined two by two into a single fingerprint,
        the root, which is published and can never change. Each join also records the lowest and highest number beneath
        it. To show that your pick was counted, the server gives the few fingerprints (about 20 on a day of a million
        picks) that lead from yours to the root. To show the winner, it gives every pick up to the runner-up’s number
        and fingerprints for the rest, each marked as holding only higher numbers, so no pick that could change the
        result can hide there. FULL AUDIT downloads every pick and rebuilds it all. Each receipt is also signed by the
        game when the pick is accepted: a signed pick that the closed game left out is shown as OMITTED, with evidence
        anyone can check. Everything here is recomputed in your browser.
      </p>
    </section>
  );
}
