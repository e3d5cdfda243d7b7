/**
 * Every text the server sends to users (and to the operator at start-up) lives here. Placeholders are
 * function parameters so a translation can reorder them.
 */
export const zhCN = {
  http: {
    notFound: '未找到',
    badRequest: '请求无效。',
    unauthorized: '身份认证信息未提供。',
    forbidden: '您没有执行该操作的权限。',
    methodNotAllowed: '不允许该请求方法。',
    notAcceptable: '无法满足请求的 Accept 头。',
    conflict: '请求与当前状态冲突。',
    internal: '服务器内部错误，请稍后重试。',
    unavailable: '服务暂时不可用，请稍后重试。',
    closing: '服务器正在重启，请稍后重试。',
    emptyJsonBody: '请求体不能为空：Content-Type 为 application/json 时需要提供 JSON 内容。',
    invalidJson: '请求体不是有效的 JSON。',
    invalidContentLength: '请求头 Content-Length 与实际请求体大小不符。',
    unsupportedMediaType: (type: string) => `不支持的媒体类型“${type}”，请使用 application/json。`,
    bodyTooLarge: (limit: string) => `请求体过大，上限为 ${limit}。`,
    badUrl: '请求地址无效。',
    uriTooLong: '请求地址过长。',
    headersTooLarge: '请求头过大。',
    requestTimeout: '请求超时，请重试。',
    notAnObject: '无效的数据，应为 JSON 对象。',
    tooManyRequests: (wait: string) => `请求过于频繁，请在${wait}后重试。`,
    spaMissing: '前端页面尚未构建。请先运行 pnpm build，或设置 WEB_DIST_DIR 指向构建好的页面目录。',
  },
  validation: {
    required: '该字段是必填项。',
    notNull: '该字段不能为空值（null）。',
    blank: '该字段不能为空。',
    type: (expected: string) => `该字段应为${expected}。`,
    minLength: (min: number) => `长度不能少于 ${min} 个字符。`,
    maxLength: (max: number) => `长度不能超过 ${max} 个字符。`,
    minItems: (min: number) => `至少需要 ${min} 项。`,
    maxItems: (max: number) => `最多允许 ${max} 项。`,
    minValue: (min: number | bigint, inclusive: boolean) =>
      `该值应${inclusive ? '大于或等于' : '大于'} ${min}。`,
    maxValue: (max: number | bigint, inclusive: boolean) =>
      `该值应${inclusive ? '小于或等于' : '小于'} ${max}。`,
    integer: '该字段应为整数。',
    oneOf: (values: string) => `该值应为以下之一：${values}。`,
    invalidEmail: '请输入有效的邮箱地址。',
    invalidUrl: '请输入有效的网址。',
    invalidUuid: '应为有效的 UUID。',
    invalidFormat: '格式不正确。',
    invalid: '该字段的值无效。',
    nul: '不能包含空字符（U+0000）。',
    loneSurrogate: '包含无法保存的字符（不成对的代理项 U+D800–U+DFFF）。',
    tooDeep: (max: number) => `嵌套层级过深：最多 ${max} 层。`,
    tooManyElements: (max: number) => `元素过多：最多 ${max} 个。`,
    unknownKeys: (keys: string) => `包含未知的字段：${keys}。`,
    types: {
      string: '字符串',
      number: '数字',
      int: '整数',
      boolean: '布尔值（true 或 false）',
      object: '对象',
      array: '列表',
      date: '日期',
      bigint: '整数',
    } as Record<string, string>,
  },
  auth: {
    emailTaken: '该邮箱已被注册',
    passwordTooShort: (min: number) => `密码长度不能少于 ${min} 个字符。`,
    passwordTooLong: (max: number) => `密码长度不能超过 ${max} 个字符。`,
    passwordNumeric: '密码不能全部为数字。',
    passwordLikeEmail: '密码与邮箱过于相似。',
    nicknameTooLong: (max: number) => `昵称长度不能超过 ${max} 个字符。`,
    emailTooLong: (max: number) => `邮箱长度不能超过 ${max} 个字符。`,
    badCredentials: '邮箱或密码错误。',
    tokenInvalid: '认证已过期，请重新登录',
    notAuthenticated: '身份认证信息未提供。',
    loggedOut: '已退出登录。',
    loginThrottled: (wait: string) => `登录尝试次数过多，请在${wait}后重试。`,
    /** Why a sign-in must (again) carry a solved proof of work; each answer brings a new challenge. */
    challenge: {
      missing: '该账号近期登录失败较多，需要先完成安全验证。',
      easier: '该账号登录失败增多，安全验证的难度已提高，请重新验证。',
      forged: '安全验证无效（不是本服务器为该账号签发的），请重新验证。',
      expired: '安全验证已过期，请重新验证。',
      wrong: '安全验证的答案不正确，请重新验证。',
      reused: '该安全验证已经用过，请重新验证。',
    },
    registrationClosed: '本站目前不开放注册。如需账号，请联系管理员。',
    inviteRequired: '请填写邀请码。',
    inviteInvalid: '邀请码无效、已用完或已过期。',
    termsRequired: '请阅读并同意用户协议和隐私政策。',
    unknownDevice: '未知设备',
    sessionNotFound: '没有找到这个登录，它可能已经退出。',
    accountGone: '账号不存在或已注销。',
    oldPasswordWrong: '密码不正确。',
    passwordUnchanged: '新密码不能与当前密码相同。',
    passwordChanged: '密码已修改，其他设备上的登录已退出。',
    sessionsEnded: (count: number) => `已退出 ${count} 个登录。`,
    accountDeleted: '账号及其全部数据已删除。',
    profileSaved: '资料已保存。',
    resetUnavailable: '本站未开启邮件找回密码。请联系管理员重置密码。',
    resetRequested:
      '如果该邮箱已注册，我们已向它发送了重置密码的链接，30 分钟内有效。请查收邮件（也请看看垃圾邮件）。',
    resetInvalid: '重置链接无效或已被使用，请重新申请。',
    resetExpired: '重置链接已过期（30 分钟内有效），请重新申请。',
    resetDone: '密码已重置，所有设备上的登录已退出。请用新密码登录。',
    resetMailSubject: '万象：重置密码',
    resetMailText: (link: string) =>
      `你好：\n\n有人（希望是你）申请重置万象账号的密码。请在 30 分钟内打开下面的链接设置新密码：\n\n${link}\n\n链接只能使用一次。如果不是你本人申请，请忽略这封邮件，你的密码不会改变。\n`,
    registrationCapped: (max: number, wait: string) =>
      `此网络今天注册的账号已达上限（${max} 个），请在${wait}后再试。`,
  },
  avatar: {
    empty: '没有收到图片，请重新选择。',
    tooLarge: (kb: number) => `头像图片不能超过 ${kb} KB，请换一张或先裁小。`,
    notImage: '这不是可用的图片：头像只支持 PNG、JPEG 或 WebP。',
    badDimensions: (width: number, height: number, min: number, max: number) =>
      `图片尺寸为 ${width}×${height} 像素，头像的边长须在 ${min} 到 ${max} 像素之间。`,
    truncated: '图片文件不完整（可能上传中断或文件已损坏），请重新选择。',
    removed: '头像已移除。',
  },
  duration: {
    seconds: (n: number) => ` ${n} 秒`,
    minutes: (n: number) => ` ${n} 分钟`,
    hours: (n: number) => ` ${n} 小时`,
  },
  health: {
    databaseDown: '数据库不可用。',
  },
  config: {
    invalid: '服务器配置无效：',
    variable: (name: string, problem: string, shown: string | undefined) =>
      shown === undefined
        ? `环境变量 ${name}：${problem}`
        : `环境变量 ${name}：${problem}（当前值：“${shown}”）`,
    integerRange: (min: number, max: number) => `应为 ${min} 到 ${max} 之间的整数`,
    duration: '应为时长：秒数（如 300），或带单位的值（如 30s、5m、12h、30d）',
    durationRange: (min: string, max: string) => `应在 ${min} 到 ${max} 之间`,
    size: '应为字节数（如 1048576），或带单位的值（如 512kb、1mb）',
    oneOf: (values: readonly string[]) => `应为以下之一：${values.join('、')}`,
    postgresUrl: '应为 PostgreSQL 连接串，如 postgres://user:password@host:5432/dbname',
    secretTooShort: (min: number) => `长度至少为 ${min} 个字符（建议使用 openssl rand -base64 48 生成）`,
    trustProxy: '应为 true、false、代理层数（如 1），或以逗号分隔的代理地址（如 10.0.0.0/8,127.0.0.1）',
    nonEmpty: '不能为空',
    httpUrl: '应为 http:// 或 https:// 开头的网址',
    smtpUrl: '应为 smtp:// 或 smtps:// 开头的地址，如 smtps://user:password@smtp.example.com:465',
    smtpTwice: '已设置 SMTP_URL，不能再设置 SMTP_HOST（二选一）',
    smtpNeeds: '配置了邮件服务器（SMTP_URL 或 SMTP_HOST）时必须设置',
    smtpUserAndPass: 'SMTP_USER 与 SMTP_PASS 须同时设置',
    smtpWithoutServer: '未设置邮件服务器（SMTP_URL 或 SMTP_HOST），此项不起作用',
    searchBaseUrlNeeded: (provider: string) =>
      `SEARCH_PROVIDER=${provider} 时必须设置 SEARCH_BASE_URL（搜索服务的地址）`,
    searchKeyNeeded: (provider: string) => `SEARCH_PROVIDER=${provider} 时必须设置 SEARCH_API_KEY`,
    s3NeedsKeys: '设置了 S3_BUCKET 时必须同时设置 S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY',
    refreshShorterThanAccess: '刷新令牌的有效期必须长于访问令牌',
    rememberShorterThanRefresh: 'REFRESH_TOKEN_TTL_REMEMBER 不能短于 REFRESH_TOKEN_TTL',
    secretFileUnreadable: (file: string, reason: string) => `无法读取或创建密钥文件 ${file}：${reason}`,
    secretFileExposed: (file: string, mode: string) =>
      `密钥文件 ${file} 的权限为 ${mode}，其他用户可以读取。请运行 chmod 600 ${file} 后重新启动；若它可能已被他人读取，请删除该文件（将生成新密钥，所有登录随之失效）。`,
    dataDirLocked: (dir: string, pid: number, lockFile: string) =>
      `数据目录 ${dir} 正被进程 ${pid} 使用。同一个内嵌数据库只能由一个服务器进程打开；请先停止该进程，或为本进程设置不同的 DATA_DIR。若确认没有其他进程在使用，可删除锁文件 ${lockFile}。`,
  },
  models: {
    offlineName: '离线演示模型',
    offlineSource: '内置离线演示模型',
    offlineDescription: '内置的演示模型：不收积分，不联网，只按固定规则回复，不理解你的问题。',
    configUnreadable: (file: string, reason: string) => `无法读取模型配置文件 ${file}：${reason}`,
    configNotJson: (source: string, reason: string) => `${source} 不是有效的 JSON：${reason}`,
    configInvalid: (source: string, where: string, problem: string) => `${source} 中 ${where}：${problem}`,
    duplicateModel: (id: string) => `模型 id“${id}”重复`,
    missingApiKey: (provider: string, variable: string) =>
      `服务商“${provider}”的密钥环境变量 ${variable} 未设置`,
    perCallNeedsInteger: '按次计费的 fixed_price_credits 应为非负整数',
    noModels: '没有可用的模型：配置中没有任何模型，且离线演示模型被 OFFLINE_MODEL=off 关闭',
  },
  chat: {
    untitled: '未命名会话',
    tooManyStreams: (max: number) => `同时进行的回答最多 ${max} 个，请等其中一个结束后再试。`,
    emptyTitle: '会话名称不能为空。',
    unknownModel: '该模型不存在或已下线，请重新选择模型。',
    notInPlan: '你的套餐不包含这个模型，请选择其他模型。',
    emptyPrompt: '请输入内容。',
    attachmentTooLarge: (name: string) => `${name} 超过 30MB 大小限制`,
    attachmentUnsupported: (name: string) => `${name} 文件类型不支持`,
    attachmentEmpty: (name: string) => `${name} 是空文件`,
    attachmentMismatch: (name: string) => `${name} 文件类型不支持（内容与文件类型不符）`,
    tooManyAttachments: (max: number, count: number) => `一条消息最多附带 ${max} 个文件（本次 ${count} 个）`,
    attachmentDataMissing: '缺少 data 字段（JSON：session_id、model_id、prompt）。',
    attachmentDataInvalid: 'data 字段不是有效的 JSON。',
    attachmentUploadFailed: '文件上传未完成，请重试。',
    attachmentIntro: (name: string, type: string, size: string) => `附件《${name}》（${type}，${size}）`,
    attachmentCut: (kept: number) =>
      `【注意：该文件超出模型上下文，只提供了前 ${kept} 个字符，其余内容已省略。】`,
    attachmentDocUnreadable:
      '【无法读取该文件的内容：旧版 Word（.doc）格式暂不支持，请在 Word 或 WPS 中另存为 .docx 或 PDF 后重新上传。】',
    attachmentPdfNoText: '【该 PDF 没有可提取的文字（可能是扫描件或图片），无法读取内容。】',
    attachmentUnreadable: (reason: string) => `【无法读取该文件的内容：${reason}】`,
    attachmentTooLargeToRead: (name: string) => `${name} 内容过大，无法读取`,
    attachmentReaderBusy: '正在读取的文件较多，请稍后重试。',
    attachmentNoReader: '服务器未启用文件读取',
    attachmentImageUnseen: '【当前模型不能识别图片，只收到了文件名。】',
    attachmentMissing: '文件已不在存储中',
    attachmentsInHistory: (names: string) => `[附件：${names}]`,
    generatedImageName: (n: number, extension: string) => `生成的图片-${n}.${extension}`,
    generatedImageInvalid: '模型返回的一张图片不是有效的图片，未显示。',
    generatedImageTooLarge: (limit: string) => `模型返回的一张图片超过 ${limit}，未保存。`,
    generatedImageTooMany: (max: number) => `模型返回的图片超过 ${max} 张，其余未保存。`,
    generatedImageNotStored: '模型返回的一张图片未能保存。',
    generatedImageLinked: '模型以网址形式给出了图片，为安全起见未获取，未显示。',
    filesOnlyTitle: (name: string) => `附件：${name}`,
    insufficientCredits: (needed: number, balance: number) =>
      `积分不足：本次对话至少需要 ${needed} 积分，当前余额 ${balance} 积分。`,
    ledgerHold: (model: string) => `对话预扣：${model}`,
    ledgerRefund: (model: string) => `对话结算退还：${model}`,
    ledgerExtra: (model: string) => `对话结算补扣：${model}`,
    ledgerUnrecordedRefund: '服务器中断，对话未能开始，预扣积分已全部退还',
    providerUnreachable: '无法连接到模型服务，请稍后重试。',
    providerAuth: (status: number) => `模型服务拒绝了访问（HTTP ${status}），请联系管理员检查 API 密钥配置。`,
    providerRateLimited: '模型服务繁忙（请求过于频繁），请稍后重试。',
    providerNotFound: '模型服务找不到该模型（HTTP 404），请联系管理员检查模型配置。',
    providerRejected: (status: number, reason: string) =>
      reason ? `模型服务拒绝了请求（HTTP ${status}）：${reason}` : `模型服务拒绝了请求（HTTP ${status}）。`,
    providerUnavailable: (status: number) => `模型服务暂时不可用（HTTP ${status}），请稍后重试。`,
    providerInterrupted: (reason: string) =>
      reason ? `模型服务中断了回答：${reason}` : '模型服务中断了回答，请稍后重试。',
    providerTimeout: (seconds: number) => `模型服务响应超时（${seconds} 秒内没有返回内容），请稍后重试。`,
    providerEmpty: '模型服务没有返回任何内容，请稍后重试。',
    internal: '服务器处理回答时出错，请稍后重试。',
    shuttingDown: '服务器正在重启，回答已中断，请稍后重试。',
    interrupted: '服务器意外中断，回答未能完成。',
    versionNeedsSession: '只能编辑或重新生成已有会话中的消息。',
    noSuchQuestion: '要编辑的问题不在这个会话中。',
    noSuchAnswer: '要重新生成的回答不在这个会话中。',
  },
  search: {
    // What the user reads: the reason (no SEARCH_PROVIDER) is the operator's, in the log and the README.
    notConfigured: '联网搜索暂未开通，本次回答未联网。',
    unreachable: '无法连接到搜索服务，本次回答未联网。',
    timeout: (seconds: number) => `搜索服务超时（${seconds} 秒内没有结果），本次回答未联网。`,
    auth: (status: number, reason: string | undefined) =>
      `搜索服务拒绝了访问（HTTP ${status}${reason ? `：${reason}` : ''}），请联系管理员检查搜索服务的 API 密钥。本次回答未联网。`,
    searxngJsonDisabled:
      'SearXNG 拒绝了 JSON 格式的搜索（HTTP 403），请管理员在 settings.yml 的 search.formats 中加入 json。本次回答未联网。',
    rateLimited: '搜索服务繁忙（请求过于频繁），本次回答未联网。',
    quota: (reason: string | undefined) =>
      `搜索服务的额度已用完${reason ? `（${reason}）` : ''}，请联系管理员。本次回答未联网。`,
    unavailable: (status: number) => `搜索服务暂时不可用（HTTP ${status}），本次回答未联网。`,
    rejected: (status: number, reason: string | undefined) =>
      `搜索服务拒绝了请求（HTTP ${status}${reason ? `：${reason}` : ''}），本次回答未联网。`,
    badResponse: '搜索服务返回了无法识别的结果，本次回答未联网。',
    insufficientCredits: (price: number) => `积分不足以支付联网搜索（每次 ${price} 积分），本次回答未联网。`,
    ledgerCharge: '联网搜索',
    ledgerRefund: '联网搜索未完成，退还',
  },
  assistant: {
    systemRole:
      '你是万象文档编辑器里的写作助手，帮助用户写作、修改和理解正在编辑的文档。请用简体中文回答（用户要求翻译或使用其他语言时除外），' +
      '用 Markdown 排版（标题、列表、表格、代码块、加粗），让回答可以直接写入文档。用户要求改写、润色、扩写、缩写、续写或翻译时，只输出结果本身，不要加解释或前言。',
    documentIntro: '以下是用户正在编辑的文档（Markdown）',
    emptyDocument: '用户正在编辑的文档目前是空的。',
    selectionIntro: '用户在文档中选中了以下内容，问题通常针对它',
    anchorSelection: '选中内容',
    anchorCaret: '光标',
    documentCut: (total: number, anchor: string, from: number, to: number) =>
      `文档较长（共 ${total} 字），只给出了${anchor}附近的第 ${from}–${to} 字，其余部分已省略`,
    omittedBefore: '[……前文已省略……]',
    omittedAfter: '[……后文已省略……]',
    emptyQuestion: '请输入问题或添加附件。',
    attachmentDataMissing: '缺少 data 字段（JSON：model_id、user_input 等，与不带附件时的请求体相同）。',
    ledgerHold: (model: string) => `文档助手预扣：${model}`,
    ledgerRefund: (model: string) => `文档助手结算退还：${model}`,
    ledgerExtra: (model: string) => `文档助手结算补扣：${model}`,
  },
  market: {
    invalidDate: '日期无效，应为 YYYY-MM-DD 格式的有效日期。',
    reversedRange: '开始日期不能晚于结束日期。',
    rangeTooLong: (days: number) => `日期范围不能超过 ${days} 天。`,
    outsideCalendar: (first: string, last: string) =>
      `该日期超出交易日历的范围（${first} 至 ${last}），无法判断是否为交易日。`,
    sourceUnavailable: '行情数据源暂时不可用，请稍后重试。',
    futureDay: (date: string) => `${date} 还没有到来，没有涨停数据。`,
    noPools: (date: string) => `数据源没有 ${date} 的涨停数据（它只提供最近一段时间的涨停池）。`,
  },
  stock: {
    malformedCode: (code: string) =>
      `“${code}”不是股票代码：代码为 6 位数字或字母（如 600000，模拟行情中形如 MZ0001）。`,
    unknownCode: (code: string, simulated: boolean) =>
      simulated
        ? `没有代码为 ${code} 的股票（当前为模拟行情，代码形如 MZ0001、MC0042）。`
        : `没有代码为 ${code} 的股票。`,
    alreadyWatched: (code: string) => `${code} 已在自选股中。`,
    watchlistFull: (limit: number) => `自选股最多 ${limit} 只，请先移出一些再添加。`,
    notWatched: (code: string) => `${code} 不在自选股中。`,
  },
  strategy: {
    unknownStrategy: '没有这个策略。',
    invalidLimit: (max: number) => `limit 应为 1 到 ${max} 之间的整数。`,
    invalidWindow: (windows: string) => `window 应为 ${windows} 之一（交易日）。`,
    unknownPlan: '没有这个订阅方案，或它已停止销售。',
    purchaseNote: (plan: string, days: number) => `${plan}（${days} 天）`,
    insufficientCredits: (plan: string, price: number, balance: number) =>
      `积分不足：${plan}需要 ${price} 积分，当前余额 ${balance} 积分。请先获取积分再订阅。`,
    subscriptionRequired: (what: string) => `${what}为策略订阅内容，订阅后可查看。`,
    minuteEmotion: '分钟级情绪指标',
    liveFeed: '策略执行动态',
    todayPicks: '当日推荐个股',
    profilePlan: '策略订阅',
  },
  docs: {
    notFound: '没有找到这个文档：它可能已被删除，或不属于当前账号。',
    defaultTitle: '未命名文档',
    idTaken: '这个文档 ID 已被使用，请换一个 ID 再保存。',
    tooLarge: (size: string, limit: string) =>
      `文档过大（${size}），云端文档最多 ${limit}。请删减图片或拆分文档后再保存；本机副本不受影响。`,
    conflict: (current: number, base: number) =>
      `文档已在别处保存为第 ${current} 版，这次保存基于第 ${base} 版，未覆盖。请选择保留哪个版本，两个版本都会保留。`,
    versionNotFound: (version: number) =>
      `没有找到这个文档的第 ${version} 版：它可能从未保存过，或已被清理。`,
    versionNameTooLong: (max: number) => `版本名称最多 ${max} 个字，请缩短后再保存。`,
    restoreBusy: '文档正在别处频繁保存，这次恢复未能完成。请稍后重试。',
    restoredFromAhead: (from: number, base: number) =>
      `恢复的第 ${from} 版晚于这次保存所基于的第 ${base} 版：只能恢复更早的版本。`,
  },
  exports: {
    needsDocument: '请提供要导出的文档：lexdoc（文档内容）或 html 二选一。',
    failed: '导出失败，请稍后重试',
    timedOut: (seconds: number) =>
      `导出超时：文档在 ${seconds} 秒内未能转换完成，可能过大或过于复杂。请稍后重试，或删减图片、拆分文档后再导出。`,
    busy: '正在处理的导出较多，请稍后重试。',
    tooLarge: (size: string, limit: string) =>
      `文档过大（${size}），导出最多支持 ${limit}。请删减图片或拆分文档后再导出。`,
    notFound: '没有找到这个导出文件：它可能不属于当前账号，或已被清理。',
    expired: '下载地址已过期，导出文件已清理。请重新导出。',
    tooDeep: (max: number) => `文档嵌套层级过深（最多 ${max} 层），无法导出。`,
    damaged: (field: string) =>
      `文档内容的格式有误（${field}），无法导出。请在编辑器中打开文档、重新保存后再导出。`,
  },
  account: {
    redeemUnknown: '兑换码不存在，请检查是否输入有误。',
    redeemUsed: '这个兑换码已经被使用过了。',
    redeemExpired: (at: string) => `这个兑换码已于 ${at} 过期。`,
    redeemRevoked: '这个兑换码所在的批次已被管理员停用，不能再兑换。',
    redeemThrottled: (wait: string) => `兑换尝试过于频繁，请 ${wait}后再试。`,
    redeemNote: (note: string | null) => (note ? `兑换码（${note}）` : '兑换码'),
    notAdmin: '只有管理员可以进行这项操作。',
    exportUnreadable: '这一批兑换码是在另一个服务器密钥下生成的，无法导出。',
  },
  admin: {
    exceedsBalance: (deduct: number, balance: number) =>
      `不能扣除 ${deduct} 积分：该用户当前余额只有 ${balance} 积分。`,
    adjustmentNote: (reason: string, admin: string) => `${reason}（管理员 ${admin}）`,
    lastAdminRole: '你是唯一的管理员，不能取消自己的管理员身份：请先让另一位用户成为管理员。',
    lastAdminDisable: '你是唯一的管理员，不能停用自己的账号：请先让另一位用户成为管理员。',
    usageFromAfterTo: '开始日期不能晚于结束日期。',
    usageRangeTooLong: (max: number) => `日期范围最长 ${max} 天。`,
    usageExportTooLarge: (max: number) =>
      `这个日期范围的用量超过 ${max.toLocaleString('zh-CN')} 行，无法一次导出：请缩小日期范围，分几次导出。`,
  },
  plans: {
    defaultName: '免费体验版',
    signupGrant: '注册赠送积分',
    monthlyGrant: (plan: string, month: string) => `${plan} ${month} 月度积分`,
    defaultNameFixed: '默认套餐的名称由服务器设置 DEFAULT_PLAN_NAME 决定，不能在这里修改。',
    nameTaken: '已有同名的套餐。',
    tooMany: (max: number) => `最多 ${max} 个套餐。`,
    unknown: '没有这个套餐。',
    unknownModels: (ids: string) => `模型目录中没有：${ids}。`,
  },
  modelCatalog: {
    providerTaken: '已有这个 ID 的服务商。',
    modelTaken: '已有这个 ID 的模型。',
    unknownProvider: '没有这个服务商。',
    tooManyProviders: (max: number) => `最多 ${max} 个服务商。`,
    tooManyModels: (max: number) => `最多 ${max} 个模型。`,
    providerInUse: (id: string, count: number) =>
      `服务商“${id}”还有 ${count} 个模型在用，请先删除这些模型或改用其他服务商。`,
    lastModel: '这是唯一启用的模型：用户至少要有一个模型可选。请先启用另一个模型。',
    disabledDefault: '停用的模型不能设为默认。',
  },
  storage: {
    full: (what: string, need: string, used: string, quota: string, left: string) =>
      `存储空间已满：已用 ${used} / ${quota}，剩余 ${left}，${what}需要 ${need}。请删除不需要的会话、云端文档或导出文件后再试。`,
    attachments: '这些附件',
    generatedImage: '生成的图片',
    document: '这次保存',
    exportFile: '导出文件',
  },
} as const;

export type Messages = typeof zhCN;
export const messages: Messages = zhCN;

/** Renders a wait in whole seconds as the largest sensible unit, rounding up so users never retry too early. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return messages.duration.seconds(s);
  if (s < 90 * 60) return messages.duration.minutes(Math.ceil(s / 60));
  return messages.duration.hours(Math.ceil(s / 3600));
}
