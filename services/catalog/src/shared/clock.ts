import { Injectable } from '@nestjs/common';

/** Port: the current time (tests move it to expire links). */
export abstract class Clock {
  abstract now(): Date;
}

@Injectable()
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
