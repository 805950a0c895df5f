// Entry of /widget.js (built by web/vite.widget.config.ts as one IIFE). document.currentScript is only set while this
// runs, so the tag is found first, synchronously.
import { currentWidgetScript, mountWidget } from './widget';

const script = currentWidgetScript(document);
if (script !== null) void mountWidget(script);
