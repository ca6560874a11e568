import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';
import { CALENDAR_FEED_KEY, RUNTIME_OPTIONS } from './config/runtime';

export const api = onRequest({ ...RUNTIME_OPTIONS, secrets: [CALENDAR_FEED_KEY] }, createApp());
