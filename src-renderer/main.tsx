import { startApp } from './app/start.tsx';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');
void startApp(container);
