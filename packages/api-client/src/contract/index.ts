export * from './auth';
export * from './dialogue';
export * from './models';
export * from './stream';
export * from './text';
