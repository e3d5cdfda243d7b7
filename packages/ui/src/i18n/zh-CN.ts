/**
 * Every user-facing string of @wanxiang/ui. The interface language of 万象 is Simplified Chinese; this
 * catalogue is complete and the default. Apps pass another catalogue through <UiProvider messages>.
 */
export const zhCN = {
  common: {
    close: '关闭',
    confirm: '确定',
    cancel: '取消',
    loading: '加载中...',
    required: '必填',
  },
  tone: {
    neutral: '提示',
    info: '提示',
    success: '成功',
    warning: '警告',
    danger: '错误',
  },
  passwordField: {
    show: '显示密码',
    hide: '隐藏密码',
  },
  select: {
    placeholder: '请选择',
  },
  confirmDialog: {
    failed: '操作失败，请重试',
  },
  shell: {
    openNavigation: '打开菜单',
    closeNavigation: '关闭菜单',
    navigation: '主导航',
    navigationDrawer: '导航菜单',
    skipToContent: '跳到主要内容',
    collapseSidebar: '收起侧边栏',
    expandSidebar: '展开侧边栏',
    sidebar: '侧边栏',
  },
  errorFallback: {
    title: '出现了一些问题',
    description: '应用遇到了意外错误。请尝试刷新页面。如果问题持续存在，请联系技术支持。',
    reload: '刷新页面',
  },
  theme: {
    label: '外观',
    light: '浅色',
    dark: '深色',
    system: '跟随系统',
  },
  userMenu: {
    label: '用户菜单',
    creditsSuffix: '积分',
    defaultPlan: '默认计划',
    refreshing: '正在获取最新信息…',
    loadFailed: '用户信息加载失败',
    loading: '加载中…',
    unavailable: '无法加载账户信息',
    retryHint: '点击后可重试',
    retry: '重试',
    logout: '退出登录',
    storage: '存储空间',
  },
  /** `{name}` and `{percent}` are filled in (see fill). */
  fileChips: {
    label: '待发送的附件',
    remove: '移除 {name}',
    uploading: '上传中 {percent}%',
    uploadingLabel: '{name} 上传中 {percent}%',
    kindImage: '图片',
    kindPdf: 'PDF',
    kindWord: 'Word',
    kindMarkdown: 'Markdown',
    kindJson: 'JSON',
    kindCsv: 'CSV',
    kindText: '文本',
  },
  toast: {
    region: '通知',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every catalogue has: the Chinese one's keys, any strings. */
export type UiMessages = Widen<typeof zhCN>;
