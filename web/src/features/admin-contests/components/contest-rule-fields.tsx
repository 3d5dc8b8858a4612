import { ColorInput, Group, NumberInput, Select, Stack, Switch, TagsInput, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { defaultSealOption, type AwardConfig, type ContestForm } from '../contest-form-state';

type Props = { form: ContestForm; onChange: (change: Partial<ContestForm>) => void };

/** Seal, rank display, account rule, star users and awards (spec 002 'Group contest', §4). */
export const ContestRuleFields = ({ form, onChange }: Props) => {
  const { t } = useTranslation('adminContests');
  const setAward = (index: number, change: Partial<AwardConfig>) =>
    onChange({
      awardConfigList: form.awardConfigList.map((award, i) => (i === index ? { ...award, ...change } : award)),
    });
  return (
    <Stack gap="sm">
      <Group gap="lg" wrap="wrap">
        <Switch
          label={t('form.sealRank')}
          checked={form.sealRank}
          onChange={(event) => onChange({ sealRank: event.currentTarget.checked, sealOption: defaultSealOption(form) })}
          data-testid="seal-rank"
        />
        {form.sealRank && (
          <Select
            w={220}
            value={String(form.sealOption)}
            onChange={(value) => onChange({ sealOption: Number(value ?? 1) as 0 | 1 | 2 })}
            data={[0, 1, 2].map((option) => ({ value: String(option), label: t(`form.sealOption.${option}`) }))}
            data-testid="seal-option"
          />
        )}
        {form.sealRank && (
          <Switch
            label={t('form.autoRealRank')}
            checked={form.autoRealRank}
            onChange={(event) => onChange({ autoRealRank: event.currentTarget.checked })}
          />
        )}
      </Group>
      <Group gap="lg" wrap="wrap">
        <Switch
          label={t('form.openRank')}
          checked={form.openRank}
          onChange={(e) => onChange({ openRank: e.currentTarget.checked })}
        />
        <Switch
          label={t('form.openPrint')}
          checked={form.openPrint}
          onChange={(e) => onChange({ openPrint: e.currentTarget.checked })}
        />
        <Switch
          label={t('form.allowEndSubmit')}
          checked={form.allowEndSubmit}
          onChange={(e) => onChange({ allowEndSubmit: e.currentTarget.checked })}
        />
        <Switch
          label={t('form.visible')}
          checked={form.visible}
          onChange={(e) => onChange({ visible: e.currentTarget.checked })}
        />
      </Group>
      <Select
        w={220}
        label={t('form.rankShowName')}
        value={form.rankShowName}
        onChange={(value) => onChange({ rankShowName: (value ?? 'username') as ContestForm['rankShowName'] })}
        data={['username', 'nickname', 'realname'].map((value) => ({ value, label: t(`form.showName.${value}`) }))}
      />
      <Switch
        label={t('form.openAccountLimit')}
        checked={form.openAccountLimit}
        onChange={(e) => onChange({ openAccountLimit: e.currentTarget.checked })}
      />
      {form.openAccountLimit && (
        <Group gap="sm" wrap="wrap">
          {(['prefix', 'suffix', 'extra'] as const).map((field) => (
            <TextInput
              key={field}
              label={t(`form.rule.${field}`)}
              value={form.accountRule[field]}
              onChange={(e) => onChange({ accountRule: { ...form.accountRule, [field]: e.currentTarget.value } })}
            />
          ))}
          {(['from', 'to'] as const).map((field) => (
            <NumberInput
              key={field}
              w={100}
              label={t(`form.rule.${field}`)}
              value={form.accountRule[field]}
              onChange={(value) => onChange({ accountRule: { ...form.accountRule, [field]: Number(value) || 0 } })}
            />
          ))}
        </Group>
      )}
      <TagsInput
        label={t('form.starAccount')}
        value={form.starAccount}
        onChange={(starAccount) => onChange({ starAccount })}
        allowDuplicates
      />
      <Select
        w={220}
        label={t('form.awardType')}
        value={String(form.awardType)}
        onChange={(value) => onChange({ awardType: Number(value ?? 0) as 0 | 1 | 2 })}
        data={[0, 1, 2].map((type) => ({ value: String(type), label: t(`form.award.${type}`) }))}
      />
      {form.awardType !== 0 && (
        <Table withTableBorder>
          <Table.Tbody>
            {form.awardConfigList.map((award, index) => (
              <Table.Tr key={award.priority}>
                <Table.Td>
                  <TextInput
                    size="xs"
                    value={award.name}
                    onChange={(e) => setAward(index, { name: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <ColorInput
                    size="xs"
                    value={award.background}
                    onChange={(background) => setAward(index, { background })}
                  />
                </Table.Td>
                <Table.Td>
                  <ColorInput size="xs" value={award.color} onChange={(color) => setAward(index, { color })} />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    w={90}
                    min={0}
                    value={award.num}
                    onChange={(num) => setAward(index, { num: Number(num) || 0 })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
};
