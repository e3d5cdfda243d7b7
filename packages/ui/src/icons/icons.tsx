/*
 * Every icon, one module each (glyphs/): a module goes whole into one chunk, so with all icons in one
 * module every page shipped every icon any page used; now a page (sign-in) ships only the icons it shows.
 */

export { AttachIcon } from './glyphs/AttachIcon';
export { ChatIcon } from './glyphs/ChatIcon';
export { CheckIcon } from './glyphs/CheckIcon';
export { ChevronDownIcon } from './glyphs/ChevronDownIcon';
export { ChevronLeftIcon } from './glyphs/ChevronLeftIcon';
export { ChevronRightIcon } from './glyphs/ChevronRightIcon';
export { ChevronUpIcon } from './glyphs/ChevronUpIcon';
export { CloseIcon } from './glyphs/CloseIcon';
export { CopyIcon } from './glyphs/CopyIcon';
export { DesignIcon } from './glyphs/DesignIcon';
export { DocumentIcon } from './glyphs/DocumentIcon';
export { ErrorIcon } from './glyphs/ErrorIcon';
export { EyeIcon } from './glyphs/EyeIcon';
export { EyeOffIcon } from './glyphs/EyeOffIcon';
export { InfoIcon } from './glyphs/InfoIcon';
export { LogoutIcon } from './glyphs/LogoutIcon';
export { MenuIcon } from './glyphs/MenuIcon';
export { MinusIcon } from './glyphs/MinusIcon';
export { MonitorIcon } from './glyphs/MonitorIcon';
export { MoonIcon } from './glyphs/MoonIcon';
export { MoreIcon } from './glyphs/MoreIcon';
export { PlusIcon } from './glyphs/PlusIcon';
export { PresentationIcon } from './glyphs/PresentationIcon';
export { SearchIcon } from './glyphs/SearchIcon';
export { SendIcon } from './glyphs/SendIcon';
export { SpreadsheetIcon } from './glyphs/SpreadsheetIcon';
export { StockIcon } from './glyphs/StockIcon';
export { StopIcon } from './glyphs/StopIcon';
export { SuccessIcon } from './glyphs/SuccessIcon';
export { SunIcon } from './glyphs/SunIcon';
export { TrashIcon } from './glyphs/TrashIcon';
export { UserIcon } from './glyphs/UserIcon';
export { WarningIcon } from './glyphs/WarningIcon';
