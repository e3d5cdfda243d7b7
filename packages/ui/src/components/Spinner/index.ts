export { Spinner, SpinnerGlyph, type SpinnerProps, type SpinnerSize, spinnerSizes } from './Spinner';
