// /verify and /verify/{gameKey} (DESIGN.md §16): the closed games, and one game checked here with Web Crypto.
// Tree version 1: the whole record recomputed. Version 2: the winner proof on load, the player's receipts by
// their inclusion proofs, FULL AUDIT on demand. Nothing the server says is taken on trust but what it publishes.
import { useParams } from 'react-router';
import { ClosedGames } from './closed-games.tsx';
import { GameCheck } from './game-check.tsx';
import { GamePicker } from './game-picker.tsx';
import { HowItWorks } from './how-it-works.tsx';
import './verify.css';

export function VerifyScreen() {
  const { gameKey } = useParams();
  return (
    <section className="page">
      <h1 className="page-title">VERIFY</h1>
      <GamePicker key={gameKey ?? ''} current={gameKey ?? ''} />
      {gameKey !== undefined ? <GameCheck gameKey={gameKey} /> : <ClosedGames />}
      <HowItWorks />
    </section>
  );
}
