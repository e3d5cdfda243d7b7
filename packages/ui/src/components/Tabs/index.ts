export {
  Tab,
  TabList,
  type TabListProps,
  TabPanel,
  type TabPanelProps,
  type TabProps,
  Tabs,
  type TabsProps,
  type TabsVariant,
  tabsVariants,
} from './Tabs';
