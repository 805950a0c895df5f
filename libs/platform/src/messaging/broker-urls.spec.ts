import { describe, expect, it, jest } from '@jest/globals';
import type amqp from 'amqplib';
import { BROKER_URL_PATTERN, brokerUrls, connectToBroker, redact, rpcQueueType, spreadUrls } from './broker-urls.js';

const A = 'amqp://guest:secret@rabbit-1:5672/v';
const B = 'amqp://guest:secret@rabbit-2:5672/v';
const C = 'amqps://guest:secret@rabbit-3:5671/v';

describe('brokerUrls', () => {
  it('reads one URL or a comma-separated list, spaces around the commas allowed', () => {
    expect(brokerUrls(A)).toEqual([A]);
    expect(brokerUrls(`${A}, ${B} ,${C}`)).toEqual([A, B, C]);
  });

  it('refuses an empty value or a list with something that is not an amqp:// URL, naming the variable', () => {
    expect(() => brokerUrls(' , ')).toThrow('AMQP_URL must be an amqp:// URL or a comma-separated list of them; it is empty');
    expect(() => brokerUrls(`${A},http://guest:secret@rabbit-2`)).toThrow(
      'AMQP_URL must list amqp:// URLs; "http://guest:***@rabbit-2" is not one',
    );
  });

  it('matches the same values as the config validation pattern', () => {
    expect(BROKER_URL_PATTERN.test(`${A},${B}`)).toBe(true);
    expect(BROKER_URL_PATTERN.test(`${A},`)).toBe(false);
    expect(BROKER_URL_PATTERN.test('rabbit-1:5672')).toBe(false);
  });
});

describe('redact', () => {
  it('hides the password and keeps the user and host', () => {
    expect(redact(A)).toBe('amqp://guest:***@rabbit-1:5672/v');
  });
});

describe('spreadUrls', () => {
  it('starts each process at its own node and keeps the ring order', () => {
    expect(spreadUrls([A, B, C], 0)).toEqual([A, B, C]);
    expect(spreadUrls([A, B, C], 4)).toEqual([B, C, A]);
    expect(spreadUrls([A, B, C], 5)).toEqual([C, A, B]);
    expect(spreadUrls([], 7)).toEqual([]);
  });
});

describe('connectToBroker', () => {
  const connection = { close: jest.fn() } as unknown as amqp.ChannelModel;

  it('moves to the next address when one refuses', async () => {
    const connect = jest.fn(async (url: string) => {
      if (url === A) throw new Error('connect ECONNREFUSED');
      return connection;
    });
    const sut = await connectToBroker([A, B, C], connect);
    expect(sut).toEqual({ connection, url: B });
    expect(connect.mock.calls.map(([url]) => url)).toEqual([A, B]);
  });

  it('names every address (without passwords) when none answers', async () => {
    const connect = jest.fn(async (): Promise<amqp.ChannelModel> => {
      throw new Error('connect ECONNREFUSED');
    });
    await expect(connectToBroker([A, B], connect)).rejects.toThrow(
      'no RabbitMQ node of AMQP_URL answered (amqp://guest:***@rabbit-1:5672/v: connect ECONNREFUSED; amqp://guest:***@rabbit-2:5672/v: connect ECONNREFUSED)',
    );
  });
});

describe('rpcQueueType', () => {
  it('is classic on one node and quorum on several (a classic queue dies with its node)', () => {
    expect(rpcQueueType([A])).toBe('classic');
    expect(rpcQueueType([A, B, C])).toBe('quorum');
  });
});
