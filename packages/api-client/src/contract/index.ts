export * from './auth';
export * from './dialogue';
export * from './docs';
export * from './emotion';
export * from './models';
export * from './strategy';
export * from './stream';
export * from './text';
