import { useState } from 'react';
import { CaptchaField } from './components/captcha-field.tsx';

/**
 * The captcha of one form: the widget to render, its current solution, and `renew()` after a refused submit
 * (the server accepts each solution once, so the widget restarts with a new challenge).
 */
export function useCaptcha() {
  const [response, setResponse] = useState('');
  const [round, setRound] = useState(0);
  const renew = () => {
    setResponse('');
    setRound((current) => current + 1);
  };
  return { response, renew, field: <CaptchaField key={round} onChange={setResponse} /> };
}
