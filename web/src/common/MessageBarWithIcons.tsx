import './icons.ts';
import { MessageBar } from '@fluentui/react';

/** Fluent's MessageBar with its icons registered: loaded on demand by LazyMessageBar. */
export default MessageBar;
