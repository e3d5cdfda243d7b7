export { Disclosure, DisclosureGroup, type DisclosureGroupProps, type DisclosureProps } from './Disclosure';
