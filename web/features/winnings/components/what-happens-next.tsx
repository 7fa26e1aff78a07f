export function WhatHappensNext() {
  return (
    <div className="notice">
      <p>What happens next?</p>
      <ul>
        <li>We review your claim within 24 hours.</li>
        <li>Payment is sent within the week.</li>
        <li>You get a confirmation e-mail when it has been processed.</li>
      </ul>
    </div>
  );
}
