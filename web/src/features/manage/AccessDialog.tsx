// Roles and the account's own permissions, as two groups of checkboxes from the server's tables.
// Saving replaces both lists (only what changed is sent); the server refuses an administrator
// taking away their own admin role, and the message shows here.
import { useState } from 'react';
import { Checkbox, Divider, Modal, Spin } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Permission } from '../../api/permissions';
import { FormFailure } from '../../components/FormFailure';
import { permissionTableQueryOptions } from './api/getPermissionTable';
import { roleTableQueryOptions } from '../../api/getRoleTable';
import { afterChange } from './api/keys';
import type { Account } from './api/listAccounts';
import { setAccountPermissions } from './api/setAccountPermissions';
import { setAccountRoles } from './api/setAccountRoles';

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((code, i) => code === [...b].sort()[i]);

export function AccessDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const queryClient = useQueryClient();
  const roles = useQuery(roleTableQueryOptions);
  const permissions = useQuery(permissionTableQueryOptions);
  const [chosenRoles, setChosenRoles] = useState<string[]>(account.roles);
  const [chosenCodes, setChosenCodes] = useState<Permission[]>([]);
  // Until a box is clicked, the account's own codes (read through the table, which types them).
  const ownCodes =
    permissions.data?.map((p) => p.code).filter((code) => account.permissions.includes(code)) ?? [];
  const [touchedCodes, setTouchedCodes] = useState(false);
  const codes = touchedCodes ? chosenCodes : ownCodes;

  const save = useMutation({
    mutationFn: async () => {
      if (!same(chosenRoles, account.roles)) await setAccountRoles(account.id, chosenRoles);
      if (!same(codes, account.permissions)) await setAccountPermissions(account.id, codes);
    },
    onSettled: () => afterChange(queryClient),
    onSuccess: onClose,
  });

  return (
    <Modal
      title={`角色与权限：${account.username}`}
      open
      onCancel={onClose}
      onOk={() => save.mutate()}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'access-save' }}
      width={640}
    >
      <FormFailure error={save.error} testId="access-error" />
      {roles.isLoading || permissions.isLoading ? (
        <Spin />
      ) : (
        <>
          <Divider titlePlacement="start">角色</Divider>
          <Checkbox.Group
            value={chosenRoles}
            onChange={setChosenRoles}
            options={roles.data?.map((role) => ({
              value: role.code,
              label: <span data-testid={`access-role-${role.code}`}>{role.name}</span>,
            }))}
          />
          <Divider titlePlacement="start">单独授予的权限（角色的权限之外）</Divider>
          <Checkbox.Group
            value={codes}
            onChange={(next) => {
              setTouchedCodes(true);
              setChosenCodes(next);
            }}
            options={permissions.data?.map((p) => ({
              value: p.code,
              label: (
                <span data-testid={`access-permission-${p.code}`}>
                  {p.name}（{p.code}）
                </span>
              ),
            }))}
          />
        </>
      )}
    </Modal>
  );
}
