// The verify page's GAME DATE form: goes to /verify/{gameKey}.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { verifyForGame } from '../../lib/paths.ts';

export function GamePicker({ current }: { current: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const [value, setValue] = useState(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = value.trim();
    if (key !== '') void navigate(verifyForGame(key));
  };
  return (
    <form className="card" onSubmit={submit} aria-label="Choose a game">
      <div className="field">
        <label htmlFor={inputId}>GAME DATE</label>
        <input
          id={inputId}
          className="input"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="YYYY-MM-DD"
          inputMode="numeric"
        />
      </div>
      <button type="submit" className="btn btn-primary">
        CHECK GAME
      </button>
    </form>
  );
}
