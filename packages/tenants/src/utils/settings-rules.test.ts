import { isBrokerList, isMediaNodeCount, isMediaNodeName, isOriginList } from './settings-rules';

describe('isMediaNodeCount (spec: whole number 1 to 10000, no leading zero)', () => {
  it.each(['1', '9', '10', '500', '10000'])('accepts %s', (value) => expect(isMediaNodeCount(value)).toBe(true));
  it.each(['', '0', '01', '0500', '10001', '-1', '1.5', '1e3', ' 5', 'five'])('refuses %j', (value) => expect(isMediaNodeCount(value)).toBe(false));
});

describe('isMediaNodeName (spec: 3 to 30 letters, spaces, dots; no outer whitespace)', () => {
  it.each(['abc', 'Media node.eu', '...', 'a'.repeat(30)])('accepts %j', (value) => expect(isMediaNodeName(value)).toBe(true));
  it.each(['ab', 'a'.repeat(31), ' abc', 'abc ', 'node-1', 'node1', 'nöde'])('refuses %j', (value) => expect(isMediaNodeName(value)).toBe(false));
});

describe('isBrokerList', () => {
  it('accepts host:port lists', () => expect(isBrokerList('kafka-1:9092, kafka-2.local:9093')).toBe(true));
  it('refuses a host without a port', () => expect(isBrokerList('kafka-1')).toBe(false));
});

describe('isOriginList (the system settings\' CORS origins)', () => {
  it.each(['https://reports.example.com', 'http://localhost:5174', 'https://a.example.com, http://b.example.com:8080'])('accepts %j', (value) =>
    expect(isOriginList(value)).toBe(true));
  it.each(['', '*', 'reports.example.com', 'https://reports.example.com/', 'https://reports.example.com/app', 'ftp://x.example.com', 'https://a.example.com,'])(
    'refuses %j',
    (value) => expect(isOriginList(value)).toBe(false),
  );
});
