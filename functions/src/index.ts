import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';
import { RUNTIME_OPTIONS } from './config/runtime';

export const api = onRequest({ ...RUNTIME_OPTIONS }, createApp());
