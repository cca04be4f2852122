const _$m = 1, _$i0 = 2;
export const v = _$m + _$i0;
