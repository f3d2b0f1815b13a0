/**
 * A "required" form rule for pickers (Select, Radio.Group) that puts no aria-required on the control:
 * antd renders that attribute on an element without a role, which axe refuses (aria-allowed-attr).
 */
export const requiredPick = (message: string) => ({
  validator: (_: unknown, v: unknown) =>
    v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) ? Promise.reject(new Error(message)) : Promise.resolve(),
});
