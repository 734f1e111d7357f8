-- Accounts, roles, permissions, area ranges and sessions (spec §3, §6).
CREATE TABLE permission (
    code TEXT PRIMARY KEY,          -- MOD_056, MOD_056_DISPLAY, …
    name TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE role (
    id   INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL
);

CREATE TABLE role_permission (
    role_id         INTEGER NOT NULL REFERENCES role(id) ON DELETE CASCADE,
    permission_code TEXT NOT NULL REFERENCES permission(code) ON DELETE CASCADE,
    PRIMARY KEY (role_id, permission_code)
) WITHOUT ROWID;

CREATE TABLE user (
    id                   INTEGER PRIMARY KEY,
    username             TEXT NOT NULL UNIQUE COLLATE NOCASE,
    account_type         INTEGER NOT NULL DEFAULT 0,  -- 0 person
    telephone            TEXT UNIQUE,
    email                TEXT UNIQUE COLLATE NOCASE,
    password_hash        TEXT NOT NULL,               -- argon2id PHC string
    status               INTEGER NOT NULL DEFAULT 0,  -- 0 active, 1 disabled
    must_change_password INTEGER NOT NULL DEFAULT 0,  -- login answers code 2 while set
    created_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE user_role (
    user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
    role_id INTEGER NOT NULL REFERENCES role(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, role_id)
) WITHOUT ROWID;

-- Permissions granted to one user directly, besides those of their roles.
CREATE TABLE user_permission (
    user_id         INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
    permission_code TEXT NOT NULL REFERENCES permission(code) ON DELETE CASCADE,
    PRIMARY KEY (user_id, permission_code)
) WITHOUT ROWID;

CREATE TABLE area_range (
    id        INTEGER PRIMARY KEY,
    user_id   INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
    type      TEXT NOT NULL DEFAULT 'regionId',
    region_id TEXT NOT NULL,
    status    INTEGER NOT NULL DEFAULT 0,  -- 0 active
    is_delete INTEGER NOT NULL DEFAULT 0,  -- 0 not deleted
    UNIQUE (user_id, type, region_id)
);
CREATE INDEX area_range_user ON area_range(user_id);

-- Push nodes a user is related to (personInfo.relatePushNodeInfo).
CREATE TABLE push_node (
    id        INTEGER PRIMARY KEY,
    name      TEXT NOT NULL,
    region_id TEXT NOT NULL
);
CREATE TABLE user_push_node (
    user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
    node_id INTEGER NOT NULL REFERENCES push_node(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, node_id)
) WITHOUT ROWID;

-- Sessions: only a SHA-256 of the token is stored, so a copy of the file logs nobody in.
CREATE TABLE session (
    token_hash BLOB PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
    read_only  INTEGER NOT NULL DEFAULT 0,  -- display-screen sessions
    created_at INTEGER NOT NULL,            -- unix seconds
    expires_at INTEGER NOT NULL             -- unix seconds; renewed while in use
) WITHOUT ROWID;
CREATE INDEX session_user ON session(user_id);
CREATE INDEX session_expiry ON session(expires_at);

-- Verification codes sent by e-mail or SMS (register, password reset).
CREATE TABLE verification_code (
    channel    TEXT NOT NULL,   -- 'email' or 'telephone'
    address    TEXT NOT NULL,
    code_hash  BLOB NOT NULL,
    expires_at INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (channel, address)
) WITHOUT ROWID;

-- Text messages the default SMS provider "sends": kept here for `rscloud sms list`.
CREATE TABLE sms_outbox (
    id         INTEGER PRIMARY KEY,
    telephone  TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The server's long-lived X25519 key for sealed login passwords.
CREATE TABLE server_key (
    name   TEXT PRIMARY KEY,
    secret BLOB NOT NULL
) WITHOUT ROWID;

INSERT INTO permission (code, name) VALUES
  ('MOD_054', '意见反馈'),
  ('MOD_056', '地表覆盖监测'),
  ('MOD_057', '道路监测'),
  ('MOD_058', '光伏用地监测'),
  ('MOD_059', '风电设施监测'),
  ('MOD_060', '钢铁厂监测'),
  ('MOD_061', '购物车与订单'),
  ('MOD_068', '耕地非农化监测'),
  ('MOD_069', '种植结构监测'),
  ('MOD_076', '地表形变监测'),
  ('MOD_054_DISPLAY', '显示：意见反馈'),
  ('MOD_056_DISPLAY', '显示：地表覆盖监测'),
  ('MOD_057_DISPLAY', '显示：道路监测'),
  ('MOD_058_DISPLAY', '显示：光伏用地监测'),
  ('MOD_059_DISPLAY', '显示：风电设施监测'),
  ('MOD_060_DISPLAY', '显示：钢铁厂监测'),
  ('MOD_061_DISPLAY', '显示：购物车与订单'),
  ('MOD_068_DISPLAY', '显示：耕地非农化监测'),
  ('MOD_069_DISPLAY', '显示：种植结构监测'),
  ('MOD_076_DISPLAY', '显示：地表形变监测');

INSERT INTO role (id, code, name) VALUES
  (1, 'admin', '系统管理员'),
  (2, 'monitor', '监测用户'),
  (3, 'person', '个人用户');

-- The administrator holds every permission; a monitoring user every monitoring page and the cart.
INSERT INTO role_permission (role_id, permission_code) SELECT 1, code FROM permission;
INSERT INTO role_permission (role_id, permission_code)
  SELECT 2, code FROM permission WHERE code NOT IN ('MOD_054', 'MOD_054_DISPLAY');
