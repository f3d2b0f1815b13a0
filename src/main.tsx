import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<h1>Sign In</h1>);
