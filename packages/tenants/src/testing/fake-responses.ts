// The answers every tenants fake builds: JSON, and problem+json errors with optional field errors.
export { jsonResponse as json, problemResponse as problem } from '@portal/auth/testing';
