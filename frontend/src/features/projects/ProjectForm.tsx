import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import {
  FieldError,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  useForm,
} from '@/components/forms';
import { moneyInput } from '@/features/donations/money';
import { api, ApiError } from '@/lib/api-client';
import {
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  PROJECT_STATUSES,
  projectsApi,
  uploadImage,
  type Project,
  type ProjectInput,
  type ProjectStatus,
} from './api';

export interface ProjectFormValues extends Record<string, unknown> {
  name: string;
  description: string;
  fund_id: string;
  budget: string;
  type_budgets: { expense_type_id: string; amount: string }[];
  start_date: string;
  end_date: string;
  status: ProjectStatus;
  image_key: string;
}

export function projectValuesOf(project: Project | null): ProjectFormValues {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    fund_id: project?.fund_id ?? '',
    budget: project?.budget ?? '',
    type_budgets: project?.type_budgets ?? [],
    start_date: project?.start_date ?? '',
    end_date: project?.end_date ?? '',
    status: project?.status ?? 'planned',
    image_key: project?.image_key ?? '',
  };
}

export function toProjectInput(values: ProjectFormValues): ProjectInput {
  const text = (value: string) => value.trim() || null;
  return {
    name: values.name.trim(),
    description: text(values.description),
    fund_id: values.fund_id,
    budget: values.budget.trim() ? moneyInput(values.budget) : null,
    type_budgets: values.type_budgets.map((line) => ({
      expense_type_id: line.expense_type_id,
      amount: moneyInput(line.amount),
    })),
    start_date: text(values.start_date),
    end_date: text(values.end_date),
    status: values.status,
    image_key: text(values.image_key),
  };
}

interface Choices {
  funds: { id: string; name: string }[];
  expense_types: { id: string; name: string }[];
}

export const formOptionsKey = ['projects', 'form-options'] as const;

/** Create or edit a project: every field, the server's 422 under the input it names, an image
 * uploaded straight to storage (presigned PUT) with a preview; a stale edit (409) offers to
 * reload. A new project's image is uploaded once the project exists. */
export function ProjectForm({
  project,
  onSaved,
  onCancel,
  onReload,
}: {
  project: Project | null;
  onSaved: (project: Project) => void;
  onCancel: () => void;
  onReload?: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ProjectFormValues>(projectValuesOf(project));
  const { data: choices } = useQuery({
    queryKey: formOptionsKey,
    queryFn: () => api.get<Choices>('/projects/form-options'),
    staleTime: 60_000,
  });
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(project?.image_url ?? null);
  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const values = form.values;
  const types = choices?.expense_types ?? [];
  const typeName = (id: string) => types.find((type) => type.id === id)?.name ?? id;

  const chooseFile = (chosen: File | null) => {
    setFileError(null);
    if (chosen && !IMAGE_TYPES.includes(chosen.type)) {
      setFileError(t('projects.image_type'));
      return;
    }
    if (chosen && chosen.size > MAX_IMAGE_BYTES) {
      setFileError(t('projects.image_size'));
      return;
    }
    setFile(chosen);
  };

  const withImage = async (saved: Project): Promise<Project> => {
    if (!file) return saved;
    const upload = await projectsApi.imageUpload(saved.id, file);
    await uploadImage(upload, file);
    return projectsApi.update(saved.id, {
      ...toProjectInput(projectValuesOf(saved)),
      image_key: upload.key,
      version: saved.version,
    });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit(async (current) => {
      const input = toProjectInput(current);
      if (!input.name) {
        return Promise.reject(
          new ApiError(422, { errors: { name: [t('projects.validation.name_required')] } }),
        );
      }
      if (!input.fund_id) {
        return Promise.reject(
          new ApiError(422, { errors: { fund_id: [t('projects.validation.fund_required')] } }),
        );
      }
      if (project) {
        let imageKey = input.image_key;
        if (file) {
          const upload = await projectsApi.imageUpload(project.id, file);
          await uploadImage(upload, file);
          imageKey = upload.key;
        }
        return projectsApi.update(project.id, {
          ...input,
          image_key: imageKey,
          version: project.version,
        });
      }
      return withImage(await projectsApi.create(input));
    });
    if (saved) onSaved(saved);
  };

  const setBudgetLine = (index: number, patch: Partial<ProjectFormValues['type_budgets'][0]>) =>
    form.setValue(
      'type_budgets',
      values.type_budgets.map((line, at) => (at === index ? { ...line, ...patch } : line)),
    );
  const unused = types.filter(
    (type) => !values.type_budgets.some((line) => line.expense_type_id === type.id),
  );

  return (
    <Card
      as="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      className="form-card"
      testId="project-form"
    >
      <FormError message={form.generalError} />
      {form.generalError && onReload && (
        <p>
          <Button onClick={onReload}>{t('projects.reload')}</Button>
        </p>
      )}
      <TextField
        form={form}
        name="name"
        label={t('projects.fields.name')}
        maxLength={100}
        required
      />
      <TextField
        form={form}
        name="description"
        label={t('projects.fields.description')}
        maxLength={2000}
        multiline
      />
      <SelectField
        form={form}
        name="fund_id"
        label={t('projects.fields.fund')}
        required
        placeholder={t('projects.choose_fund')}
        options={[
          ...(choices?.funds ?? []).map((fund) => ({ value: fund.id, label: fund.name })),
          ...(project && !(choices?.funds ?? []).some((fund) => fund.id === project.fund_id)
            ? [{ value: project.fund_id, label: project.fund_name ?? project.fund_id }]
            : []),
        ]}
        hint={project && project.lines > 0 ? t('projects.fund_locked_hint') : undefined}
      />
      <SelectField
        form={form}
        name="status"
        label={t('projects.fields.status')}
        options={PROJECT_STATUSES.map((value) => ({
          value,
          label: t(`projects.status.${value}`),
        }))}
        hint={t('projects.status_hint')}
      />
      <TextField
        form={form}
        name="budget"
        label={t('projects.fields.budget')}
        inputMode="numeric"
        hint={t('projects.budget_hint')}
      />
      <fieldset className="field" data-testid="type-budgets">
        <legend>{t('projects.fields.type_budgets')}</legend>
        {values.type_budgets.map((line, index) => (
          <div key={line.expense_type_id || index} className="inline-actions">
            <span>{typeName(line.expense_type_id)}</span>
            <input
              value={line.amount}
              inputMode="decimal"
              size={10}
              aria-label={t('projects.type_budget_amount', {
                name: typeName(line.expense_type_id),
              })}
              onChange={(event) => setBudgetLine(index, { amount: event.target.value })}
            />
            <button
              type="button"
              className="link-button"
              onClick={() =>
                form.setValue(
                  'type_budgets',
                  values.type_budgets.filter((_, at) => at !== index),
                )
              }
            >
              {t('projects.remove_type_budget', { name: typeName(line.expense_type_id) })}
            </button>
            <FieldError
              messages={[
                ...(form.errors[`type_budgets.${index}.expense_type_id`] ?? []),
                ...(form.errors[`type_budgets.${index}.amount`] ?? []),
              ]}
            />
          </div>
        ))}
        {unused.length > 0 ? (
          <div className="inline-actions">
            <select
              aria-label={t('projects.add_type_budget')}
              value=""
              onChange={(event) =>
                event.target.value &&
                form.setValue('type_budgets', [
                  ...values.type_budgets,
                  { expense_type_id: event.target.value, amount: '' },
                ])
              }
            >
              <option value="">{t('projects.add_type_budget')}</option>
              {unused.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          types.length === 0 && <p className="field-hint">{t('projects.no_types')}</p>
        )}
        <FieldError messages={form.errors.type_budgets} />
      </fieldset>
      <div className="grid-2">
        <TextField
          form={form}
          name="start_date"
          type="date"
          label={t('projects.fields.start_date')}
        />
        <TextField form={form} name="end_date" type="date" label={t('projects.fields.end_date')} />
      </div>
      <div className="field">
        <label htmlFor={fileId}>{t('projects.fields.image')}</label>
        <input
          id={fileId}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
        />
        <p className="field-hint">{t('projects.image_hint')}</p>
        {preview && (
          <img
            src={preview}
            alt={t('projects.image_preview')}
            className="project-image"
            data-testid="project-image-preview"
          />
        )}
        <FieldError
          messages={[...(fileError ? [fileError] : []), ...(form.errors.image_key ?? [])]}
        />
      </div>
      <div className="form-actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
      </div>
    </Card>
  );
}
